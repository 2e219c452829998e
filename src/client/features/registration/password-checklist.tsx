import { Box, Group, List, Text, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import {
  commonPasswordResponseSchema,
  NOT_COMMON_RULE,
  PASSWORD_TOO_COMMON,
  PASSWORD_CHECKLIST,
} from '#shared/contracts/account-fields.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { Icon } from '#client/components/icons.tsx';

/**
 * The live checklist of the password rules (spec part 2 §5 "A live checklist shows each password
 * rule"): each rule ticks as the password meets it; screen readers hear how many are met.
 */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const rules = PASSWORD_CHECKLIST.map((rule) => ({ label: rule.label, met: rule.test(password) }));
  // The last rule, "not a common password", is the server's list: asked once typing pauses, and only
  // met once the answer for the password as it is now says so.
  const [settled] = useDebouncedValue(password, 400);
  const common = useQuery({
    queryKey: ['password', 'common', settled],
    queryFn: ({ signal }) =>
      apiRequest('/api/password/common', commonPasswordResponseSchema, {
        method: 'POST',
        body: { password: settled },
        signal,
      }),
    enabled: settled !== '' && settled === password,
    staleTime: Infinity,
    retry: false,
  });
  rules.push({
    label: NOT_COMMON_RULE,
    met: password !== '' && settled === password && common.data?.common === false,
  });
  const metCount = rules.filter((r) => r.met).length;
  return (
    <Box id={id}>
      <Text size="sm" fw={500} id={`${id}-title`}>
        Your password needs
      </Text>
      <List aria-labelledby={`${id}-title`} spacing={2} size="sm" listStyleType="none">
        {rules.map((rule) => (
          <List.Item key={rule.label} data-met={rule.met}>
            <Group gap={6} wrap="nowrap" c={rule.met ? 'teal.9' : 'gray.7'}>
              <Box component="span" c={rule.met ? 'teal.7' : 'gray.4'} style={{ display: 'inline-flex' }}>
                <Icon name="check" size={16} />
              </Box>
              <span>
                <VisuallyHidden>{rule.met ? 'Done: ' : 'To do: '}</VisuallyHidden>
                {rule.label}
              </span>
            </Group>
          </List.Item>
        ))}
      </List>
      {common.data?.common && settled === password && (
        <Text size="sm" c="red.8" role="alert">
          {PASSWORD_TOO_COMMON}
        </Text>
      )}
      <VisuallyHidden aria-live="polite">
        {metCount} of {rules.length} password rules met
      </VisuallyHidden>
    </Box>
  );
}
