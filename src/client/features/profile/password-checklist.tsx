import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { PASSWORD_CHECKLIST } from '#shared/contracts/account-fields.ts';
import { Icon } from '#client/components/icons.tsx';

/**
 * The live checklist of the password rules (spec part 2 §5): each rule marked met or not as the
 * password is typed, right below the password field.
 */
export function PasswordChecklist({ password }: { password: string }) {
  return (
    <div>
      <Text size="sm" fw={500} mb={4}>
        Your password needs:
      </Text>
      <List size="sm" spacing={2} center>
        {PASSWORD_CHECKLIST.map((rule) => {
          const met = rule.test(password);
          return (
            <List.Item
              key={rule.label}
              data-met={met}
              icon={
                <ThemeIcon size={18} radius="xl" color={met ? 'green.9' : 'gray.7'} variant="light">
                  <Icon name={met ? 'check' : 'warning'} size={14} />
                </ThemeIcon>
              }
            >
              <Text span size="sm">
                {rule.label}
              </Text>
              <VisuallyHidden>{met ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
