import type { CreateMarkerBody, Marker } from '@stromwerk/contracts/clips';
import { MARKERS_PER_OUTPUT_MAX } from '@stromwerk/contracts/limits';
import { AppError, notFound } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import type { Actor } from '../../plugins/auth';
import type { OutputsService } from '../outputs/outputs.service';
import type { MarkerRow, MarkersRepository } from './markers.repository';

const toMarker = (row: MarkerRow): Marker => ({
  id: row.id,
  outputId: row.outputId,
  at: iso(row.at),
  label: row.label,
  createdBy: row.createdBy,
  createdAt: iso(row.createdAt),
});

/** Moments marked on a player's stream, to clip later (issue 14); access follows the player's. */
export class MarkersService {
  constructor(
    readonly repo: MarkersRepository,
    private readonly outputs: OutputsService,
  ) {}

  async list(actor: Actor, outputId: string) {
    await this.outputs.row(actor, outputId, 'read');
    return { items: (await this.repo.of(outputId)).map(toMarker) };
  }

  async add(actor: Actor, outputId: string, body: CreateMarkerBody | null | undefined) {
    await this.outputs.row(actor, outputId, 'write');
    if ((await this.repo.countOf(outputId)) >= MARKERS_PER_OUTPUT_MAX)
      throw new AppError('QUOTA_EXCEEDED', `A player keeps at most ${MARKERS_PER_OUTPUT_MAX} markers`);
    const row = await this.repo.insert({
      outputId,
      at: body?.at ? new Date(body.at) : new Date(),
      label: body?.label ?? '',
      createdBy: actor.user.id,
    });
    return toMarker(row);
  }

  async remove(actor: Actor, outputId: string, markerId: string) {
    await this.outputs.row(actor, outputId, 'write');
    if (!(await this.repo.delete(outputId, markerId))) throw notFound('Marker');
  }
}
