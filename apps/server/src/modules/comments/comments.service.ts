import type { Comment, CommentListQuery } from '@stromwerk/contracts/comments';
import type { PageQuery } from '@stromwerk/contracts/common';
import { AppError, notFound } from '../../lib/app-error';
import { checkEach } from '../../lib/bulk';
import { iso, isoOrNull } from '../../lib/dates';
import type { EventBus } from '../../lib/events';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { OutputRow } from '../outputs/outputs.repository';
import type { OutputsService } from '../outputs/outputs.service';
import type { CommentRow, CommentsRepository } from './comments.repository';

export const toComment = (r: CommentRow): Comment => ({
  id: r.id,
  outputId: r.outputId,
  corporationId: r.corporationId,
  workspaceId: r.workspaceId,
  author: r.author,
  text: r.text,
  approved: r.approved,
  byMember: r.byMember,
  expiry: isoOrNull(r.expiry),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

const expiryOf = (output: OutputRow) => {
  const h = output.settings.commentExpirationHours;
  return h > 0 ? new Date(Date.now() + h * 3_600_000) : null;
};

/**
 * Comments on a player: viewers post through the public player, members moderate in the Comments Tool.
 * Text is stored as typed and only ever rendered as text by the web app (never as HTML).
 */
export class CommentsService {
  constructor(
    readonly repo: CommentsRepository,
    private readonly access: AccessService,
    private readonly outputs: OutputsService,
    private readonly events: EventBus,
  ) {}

  private async row(actor: Actor, id: string) {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('Comment');
    await this.access.resource(actor, row.workspaceId, 'write', 'Comment');
    return row;
  }

  async list(actor: Actor, query: CommentListQuery & { corporationId?: string }) {
    if (query.workspaceId) await this.access.workspace(actor, query.workspaceId, 'read');
    const visible = await this.access.visibleWorkspaceIds(actor, query.corporationId);
    const { rows, total } = await this.repo.list(query, visible);
    return { items: rows.map(toComment), total, limit: query.limit, offset: query.offset };
  }

  async listOfOutput(actor: Actor, outputId: string, page: PageQuery & { approved?: boolean }) {
    await this.outputs.row(actor, outputId, 'read');
    return this.list(actor, { ...page, outputId });
  }

  /** A member's comment is approved at once and marked as theirs. */
  async createByMember(actor: Actor, outputId: string, text: string) {
    const output = await this.outputs.row(actor, outputId, 'write');
    return this.insert(output, { author: actor.user.name, text, approved: true, byMember: true });
  }

  async createByViewer(output: OutputRow, author: string, text: string) {
    if (!output.settings.commentsEnabled || output.settings.moderation === 'closed')
      throw new AppError('FORBIDDEN', 'Comments are closed on this player');
    return this.insert(output, {
      author,
      text,
      approved: output.settings.moderation === 'none',
      byMember: false,
    });
  }

  /** What viewers see: approved comments only, newest first. */
  async listPublic(output: OutputRow) {
    if (!output.settings.commentsEnabled) return { items: [], total: 0, limit: 100, offset: 0 };
    const { rows, total } = await this.repo.list(
      { outputId: output.id, approved: true, limit: 100, offset: 0 },
      undefined,
    );
    return { items: rows.map(toComment), total, limit: 100, offset: 0 };
  }

  async edit(actor: Actor, id: string, text: string) {
    await this.row(actor, id);
    return this.saved((await this.repo.update(id, { text }))!, 'updated');
  }

  async setApproved(actor: Actor, id: string, approved: boolean) {
    await this.row(actor, id);
    return this.saved((await this.repo.update(id, { approved }))!, 'updated');
  }

  async delete(actor: Actor, id: string) {
    const row = await this.row(actor, id);
    await this.repo.delete(id);
    this.announce(row, 'deleted');
  }

  /** All or nothing: every id is checked as `delete` checks it before any is deleted. */
  async deleteMany(actor: Actor, ids: readonly string[]) {
    const rows = await checkEach(ids, (id) => this.row(actor, id));
    await this.repo.deleteMany(rows.map((r) => r.id));
    for (const row of rows) this.announce(row, 'deleted');
    return { ids: rows.map((r) => r.id) };
  }

  /** All or nothing, as `deleteMany`; each changed comment is announced as `setApproved` does. */
  async setApprovedMany(actor: Actor, ids: readonly string[], approved: boolean) {
    const rows = await checkEach(ids, (id) => this.row(actor, id));
    const updated = await this.repo.updateMany(
      rows.map((r) => r.id),
      { approved },
    );
    for (const row of updated) this.announce(row, 'updated');
    return { ids: rows.map((r) => r.id) };
  }

  private async insert(
    output: OutputRow,
    v: { author: string; text: string; approved: boolean; byMember: boolean },
  ) {
    const row = await this.repo.insert({
      ...v,
      outputId: output.id,
      corporationId: output.corporationId,
      workspaceId: output.workspaceId,
      expiry: expiryOf(output),
    });
    return this.saved(row, 'created');
  }

  private saved(row: CommentRow, action: 'created' | 'updated') {
    this.announce(row, action);
    return toComment(row);
  }

  private announce(row: CommentRow, action: 'created' | 'updated' | 'deleted') {
    this.events.changed({
      type: 'comment',
      action,
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      data: { outputId: row.outputId, approved: row.approved },
    });
  }
}
