import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { INVALID_URL_MESSAGE } from '#shared/contracts/carrier-request.ts';
import { fakeFetch, renderRoutes } from '#tests/support/render.tsx';
import { agencyUser } from '#tests/support/shell-api.ts';
import {
  CarrierRequestDialog,
  FAILURE_TEXTS,
  SUBMITTING_TEXT,
  SUCCESS_TEXT,
} from './carrier-request-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

type Reply = { status: number; body: unknown };

/** Renders the open dialog for the signed-in `agencyUser`; POSTs wait for `gate` and get `reply`. */
function open({
  reply = { status: 200, body: { error: false, requestUuid: null } },
  gate = Promise.resolve(),
}: { reply?: Reply; gate?: Promise<void> } = {}) {
  const { fetchImpl, calls } = fakeFetch({
    '/api/user': () => ({ status: 200, body: { user: agencyUser, errorMessage: null } }),
    '/api/carriers/jira-request': () => reply,
  });
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    init?.method === 'POST' ? gate.then(() => fetchImpl(input, init)) : fetchImpl(input, init),
  );
  const onClose = vi.fn();
  renderRoutes([{ path: '/', element: <CarrierRequestDialog opened onClose={onClose} /> }], '/');
  const posted = () =>
    calls.filter((c) => c.init?.method === 'POST').map((c) => JSON.parse(c.init!.body as string) as unknown);
  return { onClose, posted };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const submit = () => screen.getByRole('button', { name: 'Submit' });

async function fillValid() {
  await userEvent.type(field(/^Carrier Name/), 'Prairie Mutual');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Carrier Type/ }), 'Flood');
  await userEvent.type(field(/^Carrier Website/), 'www.prairiemutual.com');
  await userEvent.type(field(/^Additional Info/), 'Flood only.');
}

describe('CarrierRequestDialog: the form', () => {
  it("shows the user's name and e-mail read-only and keeps Submit disabled until the form is touched", async () => {
    open();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New carrier request')).toBeInTheDocument();
    await waitFor(() => expect(field(/^Name/)).toHaveValue(agencyUser.name));
    expect(field(/^Name/)).toHaveAttribute('readonly');
    expect(field(/^Email/)).toHaveValue(agencyUser.email);
    expect(field(/^Email/)).toHaveAttribute('readonly');
    expect(submit()).toBeDisabled();
    expect(screen.getByText('0/400')).toBeInTheDocument();
    const types = within(screen.getByRole('combobox', { name: /^Carrier Type/ })).getAllByRole('option');
    expect(types.map((o) => o.textContent)).toEqual([
      'Choose a carrier type',
      'Multiline',
      'Wholesaler',
      'Crop',
      'Flood',
      'Surety',
      'Workers Comp',
    ]);
  });

  it("shows 'Required' and the URL message on touched fields and keeps Submit disabled while invalid", async () => {
    open();
    await screen.findByRole('dialog');
    await userEvent.click(field(/^Carrier Name/));
    await userEvent.tab();
    expect(await screen.findByText('Required')).toBeInTheDocument();
    expect(field(/^Carrier Name/)).toHaveAttribute('aria-invalid', 'true');

    await userEvent.type(field(/^Carrier Name/), 'Prairie Mutual');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Carrier Type/ }), 'Crop');
    await userEvent.type(field(/^Carrier Website/), 'prairie');
    await userEvent.tab();
    expect(
      await screen.findByText(
        (_, element) => element?.textContent === INVALID_URL_MESSAGE && element.children.length === 0,
      ),
    ).toBeInTheDocument();
    expect(submit()).toBeDisabled();

    await userEvent.type(field(/^Carrier Website/), '.com');
    await waitFor(() => expect(submit()).toBeEnabled());
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('counts additional info as it is typed and refuses more than 400 characters', async () => {
    open();
    await screen.findByRole('dialog');
    await fillValid();
    expect(screen.getByText('11/400')).toBeInTheDocument();
    await waitFor(() => expect(submit()).toBeEnabled());

    await userEvent.clear(field(/^Additional Info/));
    await userEvent.click(field(/^Additional Info/));
    await userEvent.paste('y'.repeat(401));
    expect(screen.getByText('401/400')).toBeInTheDocument();
    await userEvent.tab();
    expect(await screen.findByText('Must be at most 400 characters.')).toBeInTheDocument();
    expect(submit()).toBeDisabled();
  });
});

describe('CarrierRequestDialog: sending', () => {
  it("posts the form, shows 'Submitting your request...', then the success message, and Dismiss closes", async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { onClose, posted } = open({ gate });
    await screen.findByRole('dialog');
    await fillValid();
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());

    expect(await screen.findByText(SUBMITTING_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
    release();

    expect(await screen.findByText(SUCCESS_TEXT)).toBeInTheDocument();
    expect(SUCCESS_TEXT).toBe('Your request was successfully received and will be reviewed by our staff.');
    expect(posted()).toEqual([
      {
        carrierName: 'Prairie Mutual',
        carrierType: 'isFlood',
        carrierWebsite: 'www.prairiemutual.com',
        additionalInfo: 'Flood only.',
      },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each<[string, Reply]>([
    ['the body error flag', { status: 200, body: { error: true, requestUuid: null } }],
    [
      'a refused request',
      {
        status: 400,
        body: { error: { code: 'bad_request', message: 'Some fields are not valid.' }, referenceId: 'r' },
      },
    ],
  ])('shows the failure texts on %s, and Dismiss closes', async (_case, reply) => {
    const { onClose } = open({ reply });
    await screen.findByRole('dialog');
    await fillValid();
    await waitFor(() => expect(submit()).toBeEnabled());
    await userEvent.click(submit());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(FAILURE_TEXTS.join(''));
    expect(FAILURE_TEXTS).toEqual([
      'Oops!  Something went wrong.',
      'Please retry your request.',
      'If this issue persists, please contact us.',
    ]);
    expect(screen.queryByText(SUCCESS_TEXT)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
