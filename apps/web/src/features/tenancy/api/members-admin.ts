import type { Permission } from '@stromwerk/contracts/permissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';
import { workspacesQueryOptions } from '../../../lib/queries/workspaces';
import type { WorkspaceData } from '../../../lib/types';
import { corporationMembersQueryOptions } from './list-corporation-members';

/** Every membership of the corporation and its workspaces: one read for the administrators' member list. */
export const corporationMembershipsQueryOptions = (corporationId: string) =>
  queryOptions({
    queryKey: ['corporations', corporationId, 'members', 'all'],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.corporations.memberships({ params: { id: corporationId }, query: { offset, limit } }, { signal }),
      ),
  });

/** A person in the corporation: their corporation-level permission and their permission per workspace. */
export interface MemberRow {
  userId: string;
  name: string;
  email: string;
  blocked: boolean;
  corporation: Permission | null;
  workspaces: Record<string, Permission>;
}

/** The highest of a permission set (`admin` includes the others), or null for none. */
export const topOf = (permissions: readonly string[]): Permission | null =>
  permissions.includes('admin')
    ? 'admin'
    : permissions.includes('write')
      ? 'write'
      : permissions.includes('read')
        ? 'read'
        : null;

interface Entry {
  userId: string;
  name: string;
  email: string;
  blocked: boolean;
  permissions: readonly string[];
  /** Null or absent: corporation level. */
  workspaceId?: string | null;
}

/**
 * Memberships merged per person, sorted by email: the corporation level and a level per workspace.
 * Memberships of workspaces not in `workspaceIds` (not shown on the page) are left out.
 */
export function memberRowsOf(entries: readonly Entry[], workspaceIds: ReadonlySet<string>): MemberRow[] {
  const rows = new Map<string, MemberRow>();
  for (const m of entries) {
    const top = topOf(m.permissions);
    const workspaceId = m.workspaceId ?? null;
    if (workspaceId !== null && (!top || !workspaceIds.has(workspaceId))) continue;
    const row = rows.get(m.userId) ?? {
      userId: m.userId,
      name: m.name,
      email: m.email,
      blocked: m.blocked,
      corporation: null,
      workspaces: {},
    };
    rows.set(m.userId, row);
    if (workspaceId === null) row.corporation = top;
    else row.workspaces[workspaceId] = top!;
  }
  return [...rows.values()].sort((a, b) => a.email.localeCompare(b.email));
}

/**
 * Everyone with a membership in the corporation or one of its workspaces. Administrators read every
 * membership in one request (`corporations.memberships`); others see the corporation-level members.
 */
export function useMemberRows(corporationId: string, workspaces: WorkspaceData[], isAdmin = true) {
  const all = useQuery({ ...corporationMembershipsQueryOptions(corporationId), enabled: isAdmin });
  const corporationLevel = useQuery({ ...corporationMembersQueryOptions(corporationId), enabled: !isAdmin });
  const result = isAdmin ? all : corporationLevel;
  const ids = workspaces.map((w) => w.id).join();
  // biome-ignore lint/correctness/useExhaustiveDependencies: `ids` stands for the workspaces
  const rows = useMemo(
    () => memberRowsOf(result.data ?? [], new Set(workspaces.map((w) => w.id))),
    [result.data, ids],
  );
  return { rows, isPending: result.isPending && result.fetchStatus !== 'idle', error: result.error };
}

export interface PermissionChange {
  userId: string;
  /** null: corporation level. */
  workspaceId: string | null;
  /** Empty: the membership is removed. */
  permissions: Permission[];
}

/** set-user-permissions at corporation or workspace level, one change after the other. */
export function useSetPermissions(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: PermissionChange[]) => {
      for (const c of changes) {
        const body = { userId: c.userId, permissions: c.permissions };
        if (c.workspaceId) await api.workspaces.setUserPermissions({ params: { id: c.workspaceId }, body });
        else await api.corporations.setUserPermissions({ params: { id: corporationId }, body });
      }
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['corporations', corporationId, 'members'] }),
        queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
      ]),
  });
}

/** The permission list an API call takes for one level (the server expands it). */
export const permissionsFor = (level: Permission | null): Permission[] => (level ? [level] : []);
