import type { Permission } from '@stromwerk/contracts/permissions';
import { queryOptions, useMutation, useQueries, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';
import { workspacesQueryOptions } from '../../../lib/queries/workspaces';
import type { WorkspaceData } from '../../../lib/types';
import { corporationMembersQueryOptions } from './list-corporation-members';

export const workspaceMembersQueryOptions = (corporationId: string, workspaceId: string) =>
  queryOptions({
    queryKey: ['corporations', corporationId, 'members', 'workspace', workspaceId],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.workspaces.members({ params: { id: workspaceId }, query: { offset, limit } }, { signal }),
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

/**
 * Everyone with a membership in the corporation or one of its workspaces: the corporation's list holds
 * corporation-level members only, so each workspace's list is read as well (admins only).
 */
export function useMemberRows(corporationId: string, workspaces: WorkspaceData[], enabled = true) {
  return useQueries({
    queries: [
      corporationMembersQueryOptions(corporationId),
      ...workspaces.map((w) => ({ ...workspaceMembersQueryOptions(corporationId, w.id), enabled })),
    ],
    combine: (results) => {
      const [corp, ...perWorkspace] = results;
      const rows = new Map<string, MemberRow>();
      const row = (m: { userId: string; name: string; email: string; blocked: boolean }) => {
        const found = rows.get(m.userId) ?? { ...m, corporation: null, workspaces: {} };
        rows.set(m.userId, found);
        return found;
      };
      for (const m of corp?.data ?? []) row(m).corporation = topOf(m.permissions);
      perWorkspace.forEach((result, i) => {
        for (const m of result.data ?? []) {
          const top = topOf(m.permissions);
          if (top) row(m).workspaces[workspaces[i]!.id] = top;
        }
      });
      return {
        rows: [...rows.values()].sort((a, b) => a.email.localeCompare(b.email)),
        isPending: results.some((r) => r.isPending && r.fetchStatus !== 'idle'),
        error: results.find((r) => r.error)?.error ?? null,
      };
    },
  });
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
