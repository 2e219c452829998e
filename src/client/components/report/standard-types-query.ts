import { queryOptions } from '@tanstack/react-query';
import { standardTypesResponseSchema, type LineOfBusinessNode } from '#shared/contracts/lines-of-business.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/** The line-of-business tree (one cache entry for every report); it changes with releases, not during a session. */
export const standardTypesQuery = queryOptions({
  queryKey: ['mapping', 'standard-types'],
  queryFn: ({ signal }) => apiRequest('/api/mapping/standard-types', standardTypesResponseSchema, { signal }),
  staleTime: 60 * 60 * 1000,
});

/** The standard types of a broad line, for the picker: the children of its node (none for a line without). */
export function typesOfLine(
  tree: readonly LineOfBusinessNode[] | undefined,
  line: string,
): { value: string; label: string }[] {
  const find = (nodes: readonly LineOfBusinessNode[]): LineOfBusinessNode | undefined => {
    for (const node of nodes) {
      if (node.code === line && node.children.length > 0) return node;
      const found = find(node.children);
      if (found) return found;
    }
    return undefined;
  };
  return (find(tree ?? [])?.children ?? []).map((type) => ({ value: type.code, label: type.name }));
}
