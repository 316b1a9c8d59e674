import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { LIMITS, type ChatTemplate, type Paged } from '@sapa/contracts';
import { api } from '../../../lib/api-client';

/** The tenant's templates for the composer popup: 50 a page, searched by what follows '/'. */
export function useTemplates(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ['chat', 'templates', search],
    queryFn: ({ signal }) =>
      api.get<Paged<ChatTemplate>>(
        '/chat/template',
        { page: 1, limit: LIMITS.templatePageSize, search: search || undefined },
        signal,
      ),
    enabled,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });
}
