import { renderHook, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SubscriberResponse } from '#shared/contracts/subscription.ts';
import type { User } from '#shared/contracts/user.ts';
import {
  AGENCY_DISPLAY_NAME_MESSAGES,
  BILLING_OFF_MESSAGE,
  PAYMENTS_UNAVAILABLE_MESSAGE,
} from '#shared/domain/subscription.ts';
import { renderRoutes } from '#tests/support/render.tsx';
import { agencyUser, ids, shellApi } from '#tests/support/shell-api.ts';
import { appRoutes } from '#client/app/router.tsx';
import { SESSION_EXPIRED_MESSAGE } from '#client/app/session-alerts.tsx';
import { useSessionAlerts } from '#client/lib/session-alerts.ts';

afterEach(() => vi.unstubAllGlobals());

const SUBSCRIBER = agencyUser.subscriberUuid!;
const colleague = {
  userUuid: '88888888-8888-4888-8888-888888888888',
  name: 'Cole League',
  email: 'cole@example.test',
  isOwner: false,
  isAdministrator: false,
  isAdmin: false,
  isPrimaryUser: false,
};

function subscriberAnswer(overrides: Partial<SubscriberResponse['subscriber']> = {}): SubscriberResponse {
  return {
    subscriber: {
      uuid: SUBSCRIBER,
      agencyUuid: ids.agency,
      displayName: 'Prairie Oak',
      bypassExternalSubscriber: false,
      billingEnabled: true,
      ...overrides,
    },
    subscription: { planName: 'Understanding Pro', status: 'Active' },
    adminUser: { uuid: agencyUser.id, firstName: 'Olive', lastName: 'Owner', emailAddress: agencyUser.email },
  };
}

function start({
  user = agencyUser,
  subscriber = subscriberAnswer(),
}: { user?: User; subscriber?: SubscriberResponse } = {}) {
  const api = shellApi({ user });
  api.handlers['/api/subscription/subscribers'] = () => ({ status: 200, body: subscriber });
  api.handlers['/api/subscription/by-subscribers'] = () => ({
    status: 200,
    body: {
      users: [
        {
          ...colleague,
          userUuid: agencyUser.id,
          name: 'Olive Owner',
          email: agencyUser.email,
          isPrimaryUser: true,
        },
        colleague,
      ],
    },
  });
  api.handlers['/api/subscription/agency-name'] = (init) => ({
    status: 200,
    body: { name: (JSON.parse(init!.body as string) as { displayName: string }).displayName },
  });
  api.handlers['/api/subscription/change-primary-user'] = () => ({
    status: 200,
    body: {
      adminUser: {
        uuid: colleague.userUuid,
        firstName: 'Cole',
        lastName: 'League',
        emailAddress: colleague.email,
      },
    },
  });
  vi.stubGlobal('fetch', api.fetchImpl);
  renderRoutes(appRoutes, `/my-subscription/${ids.agency}`);
  return api;
}

/** The catalogue the subscription choice shows: one product with one price. */
function productsAnswer(billingEnabled: boolean) {
  return {
    billingEnabled,
    products: [
      {
        id: '99999999-9999-4999-8999-999999999991',
        name: 'Understanding Pro',
        description: 'Every report.',
        imageUrls: [],
        metadata: {},
        prices: [
          {
            id: '99999999-9999-4999-8999-999999999992',
            name: 'Pro monthly',
            amount: 299,
            currency: 'usd',
            interval: 'month',
            intervalCount: 1,
            billedEvery: 'per month',
            metadata: {},
            ribbon: 'Popular',
            features: ['Scorecards'],
            description: 'Every report.',
          },
        ],
      },
    ],
  };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'My Subscription' });

describe('My subscription', () => {
  it('sends the display name only when it is letters and not blank, trimmed', async () => {
    const api = start();
    await heading();
    const input = await screen.findByRole('textbox', { name: /Agency Display Name/ });
    const sent = () => api.calls.filter((c) => c.url === '/api/subscription/agency-name');
    await userEvent.clear(input);
    await userEvent.type(input, '   ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AGENCY_DISPLAY_NAME_MESSAGES.required)).toBeInTheDocument();
    await userEvent.clear(input);
    await userEvent.type(input, 'Acme 9');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AGENCY_DISPLAY_NAME_MESSAGES.lettersOnly)).toBeInTheDocument();
    expect(sent()).toHaveLength(0);
    await userEvent.clear(input);
    await userEvent.type(input, '  Acme Insurance ');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The agency display name was saved.')).toBeInTheDocument();
    expect(JSON.parse(sent()[0]!.init!.body as string)).toEqual({
      subscriberUuid: SUBSCRIBER,
      displayName: 'Acme Insurance',
    });
  });

  it('shows the plan with Manage, and hides it when the subscriber is bypassed', async () => {
    start();
    await heading();
    expect(await screen.findByRole('region', { name: 'Plan' })).toHaveTextContent(
      'Understanding Pro (Active)',
    );
    expect(screen.getByRole('button', { name: 'Manage' })).toBeInTheDocument();
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
    start({ subscriber: subscriberAnswer({ bypassExternalSubscriber: true }) });
    await heading();
    await screen.findByRole('region', { name: 'Primary user' });
    expect(screen.queryByRole('region', { name: 'Plan' })).toBeNull();
  });

  it('hands the primary user role over after Make Primary User and Yes, then reloads the user', async () => {
    const api = start();
    await heading();
    await userEvent.click(await screen.findByRole('button', { name: 'Change' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Primary User' });
    const make = within(dialog).getByRole('button', { name: 'Make Primary User' });
    await waitFor(() => expect(make).toBeDisabled());
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'User' }));
    await userEvent.click(await screen.findByRole('option', { name: /Cole League/ }));
    expect(make).toBeEnabled();
    await userEvent.click(make);
    const userCalls = api.calls.filter((c) => c.url === '/api/user').length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText('Cole League is now the primary user.')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.url === '/api/subscription/change-primary-user');
    expect(JSON.parse(sent!.init!.body as string)).toEqual({
      subscriberUuid: SUBSCRIBER,
      executorUuid: agencyUser.id,
      adminUserUuid: colleague.userUuid,
    });
    await waitFor(() =>
      expect(api.calls.filter((c) => c.url === '/api/user').length).toBeGreaterThan(userCalls),
    );
  });

  it('gives users who are not the primary user neither the form, Manage nor Change', async () => {
    start({
      user: {
        ...agencyUser,
        id: colleague.userUuid,
        userUuid: colleague.userUuid,
        isPrimaryUserOfSubscriber: false,
      },
    });
    await heading();
    expect(await screen.findByText('Prairie Oak')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /Agency Display Name/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Change' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Manage' })).toBeNull();
  });
});

describe('the subscription choice with billing off', () => {
  it('shows the plans and explains that online payment is not configured, without starting a checkout', async () => {
    const api = shellApi();
    api.handlers['/api/subscription/products'] = () => ({ status: 200, body: productsAnswer(false) });
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoutes(appRoutes, '/subscriptions');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Choose a subscription' }),
    ).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: 'Pro monthly' });
    expect(card).toHaveTextContent('$299');
    expect(card).toHaveTextContent('per month');
    expect(card).toHaveTextContent('Popular');
    expect(card).toHaveTextContent('Scorecards');
    await userEvent.click(within(card).getByRole('button', { name: /^Select Pro monthly/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BILLING_OFF_MESSAGE);
    expect(api.calls.some((c) => c.url === '/api/stripe/create-checkout-session')).toBe(false);
  });
});

describe("Stripe's failures on Manage and Select", () => {
  // The session-expired modal shows exactly when the session alerts say so (it loads on demand, so
  // waiting for it not to appear would race its loading): once the failure is on screen, they do not.
  const expectNoSessionExpired = () => {
    const { result, unmount } = renderHook(() => useSessionAlerts());
    expect(result.current.sessionExpired).toBe(false);
    unmount();
    expect(screen.queryByText(SESSION_EXPIRED_MESSAGE)).toBeNull();
  };
  const unavailable = () => ({
    status: 503,
    body: { error: { code: 'unavailable', message: PAYMENTS_UNAVAILABLE_MESSAGE }, referenceId: 'r-503' },
  });

  it('shows the payments message on Manage, and no session-expired modal', async () => {
    const api = start();
    api.handlers['/api/subscription/by-subscriber'] = unavailable;
    await heading();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENTS_UNAVAILABLE_MESSAGE);
    expect(screen.queryByRole('link', { name: 'Choose a subscription' })).toBeNull();
    expectNoSessionExpired();
  });

  it('offers to choose a subscription again when Manage finds the billing account gone', async () => {
    const api = start();
    const gone =
      "Your agency's billing account is no longer at Stripe. Choose a subscription to subscribe again.";
    api.handlers['/api/subscription/by-subscriber'] = () => ({
      status: 409,
      body: { error: { code: 'conflict', message: gone }, referenceId: 'r-409' },
    });
    await heading();
    await userEvent.click(await screen.findByRole('button', { name: 'Manage' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(gone);
    expect(within(alert).getByRole('link', { name: 'Choose a subscription' })).toHaveAttribute(
      'href',
      '/subscriptions',
    );
  });

  it('shows the payments message on Select, not the offer to sign in', async () => {
    const api = shellApi();
    api.handlers['/api/subscription/products'] = () => ({ status: 200, body: productsAnswer(true) });
    api.handlers['/api/stripe/create-checkout-session'] = unavailable;
    vi.stubGlobal('fetch', api.fetchImpl);
    renderRoutes(appRoutes, '/subscriptions');
    const card = await screen.findByRole('article', { name: 'Pro monthly' });
    await userEvent.click(within(card).getByRole('button', { name: /^Select Pro monthly/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENTS_UNAVAILABLE_MESSAGE);
    expect(screen.queryByText('Sign in to subscribe your agency.')).toBeNull();
    expectNoSessionExpired();
  });
});
