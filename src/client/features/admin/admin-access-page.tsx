import { useState } from 'react';
import { Divider, Stack, Text, Title } from '@mantine/core';
import type { AdminUser } from '#shared/contracts/admin.ts';
import { AdminNav } from './admin-nav.tsx';
import { FeatureFlagsSection } from './feature-flags-section.tsx';
import { useFlagTargetForm } from './flag-target-form.tsx';
import { UsersSection } from './users-section.tsx';

/** /admin/access (internal staff): feature flags and their targets, and the users to manage. */
export function AdminAccessPage() {
  const targetForm = useFlagTargetForm();
  const [chosenUser, setChosenUser] = useState<AdminUser | null>(null);

  const chooseUser = (user: AdminUser) => {
    setChosenUser(user);
    targetForm.setValue('targetType', 'user');
    targetForm.setValue('targetUuid', user.userUuid);
    targetForm.clearErrors();
    targetForm.setFocus('key');
  };

  return (
    <Stack maw={1200} gap="lg">
      <div>
        <Title order={1}>Admin</Title>
        <Text c="dimmed">Feature flags, and each user&apos;s feature access and sessions.</Text>
      </div>
      <AdminNav />
      <FeatureFlagsSection targetForm={targetForm} chosenUser={chosenUser} />
      <Divider />
      <UsersSection onChooseUser={chooseUser} />
    </Stack>
  );
}
