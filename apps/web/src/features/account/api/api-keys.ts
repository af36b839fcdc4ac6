import type { CreateApiKeyBody } from '@stromwerk/contracts/api-keys';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

export const apiKeysQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'api-keys'],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.apiKeys.listForUser({ params: { id: userId }, query: { offset, limit } }, { signal }),
      ),
  });

export function useApiKeys(userId: string) {
  return useQuery(apiKeysQueryOptions(userId));
}

export function useCreateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.apiKeys.create({ params: { id: userId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(userId).queryKey }),
  });
}

export function useInvalidateApiKey(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.apiKeys.invalidate({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: apiKeysQueryOptions(userId).queryKey }),
  });
}
