import { Box, Group, List, Text, VisuallyHidden } from '@mantine/core';
import { PASSWORD_CHECKLIST } from '#shared/contracts/account-fields.ts';
import { Icon } from '#client/components/icons.tsx';

/**
 * The live checklist of the password rules (spec part 2 §5 "A live checklist shows each password
 * rule"): each rule ticks as the password meets it; screen readers hear how many are met.
 */
export function PasswordChecklist({ password, id }: { password: string; id: string }) {
  const rules = PASSWORD_CHECKLIST.map((rule) => ({ label: rule.label, met: rule.test(password) }));
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
      <VisuallyHidden aria-live="polite">
        {metCount} of {rules.length} password rules met
      </VisuallyHidden>
    </Box>
  );
}
