import type { ReactNode } from 'react';
import { Anchor, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export type HelpTopic = { value: string; title: string; content: ReactNode };

function PageLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor component={Link} to={to} underline="always">
      {children}
    </Anchor>
  );
}

function Steps({ children }: { children: ReactNode }) {
  return (
    <List type="ordered" spacing="xs">
      {children}
    </List>
  );
}

function Subheading({ children }: { children: ReactNode }) {
  return (
    <Title order={3} size="h5">
      {children}
    </Title>
  );
}

/**
 * The help topics of spec part 2 §2 "Help page": log in, reset password, request new carrier, add
 * non-core carrier data, and create, modify and add carrier to agency plan.
 */
export const helpTopics: HelpTopic[] = [
  {
    value: 'log-in',
    title: 'Log in',
    content: (
      <Stack gap="sm">
        <Steps>
          <List.Item>
            Open Understanding in your browser. When you are not signed in you land on the sign-in page.
          </List.Item>
          <List.Item>
            Enter the e-mail address your invitation was sent to and your password, then select Sign in or
            press Enter.
          </List.Item>
          <List.Item>
            If your account uses multi-factor authentication, enter the code from your authenticator app or
            the code we e-mail you.
          </List.Item>
          <List.Item>Understanding opens the page you were trying to reach.</List.Item>
        </Steps>
        <Text>
          If you see &ldquo;The email or password is incorrect&rdquo;, check the address for typing mistakes
          and remember that passwords are case-sensitive. After several failed attempts sign-in pauses for a
          minute; wait and try again, or reset your password.
        </Text>
        <Text>
          Accounts are created by invitation only. If you do not have one yet, ask the primary user of your
          agency&apos;s subscription to invite you. When you are done, select Log Out in the header, and
          always do so on a shared computer.
        </Text>
      </Stack>
    ),
  },
  {
    value: 'reset-password',
    title: 'Reset password',
    content: (
      <Stack gap="sm">
        <Steps>
          <List.Item>
            Open the profile menu in the header and choose <PageLink to="/my-profile">My Profile</PageLink>.
          </List.Item>
          <List.Item>
            Select Reset password. We send an e-mail to the address on your profile, and the page confirms
            &ldquo;We&apos;ve just sent you an email to reset your password.&rdquo;
          </List.Item>
          <List.Item>Open the e-mail and follow its link to choose a new password.</List.Item>
        </Steps>
        <Text>
          A password needs at least 8 characters, with an uppercase letter, a lowercase letter, a number and
          one of the special characters . _ - &lt; &gt; ? !
        </Text>
        <Text>
          If the e-mail does not arrive within a few minutes, look in your spam or junk folder. If you cannot
          sign in to reach My Profile, contact us at the support address at the bottom of this page.
        </Text>
      </Stack>
    ),
  },
  {
    value: 'request-new-carrier',
    title: 'Request a new carrier',
    content: (
      <Stack gap="sm">
        <Text>When a carrier you write business with is missing from Understanding, ask us to add it.</Text>
        <Steps>
          <List.Item>
            Open <PageLink to="/billingcarriers">Input Additional Carrier Production</PageLink> from the menu
            and select New Entry.
          </List.Item>
          <List.Item>
            Type at least 3 characters of the carrier&apos;s name in the carrier search. If the carrier is not
            listed, select &ldquo;Cannot find your Carrier? Let us know&rdquo;.
          </List.Item>
          <List.Item>
            Your name and e-mail address are filled in for you. Enter the carrier&apos;s name (up to 120
            characters), its type (Multiline, Wholesaler, Crop, Flood, Surety or Workers Comp) and its website
            address. Use Additional information (up to 400 characters) for anything that helps us find the
            right company, such as its parent group or the states it writes in.
          </List.Item>
          <List.Item>
            Submit the request. When you see &ldquo;Your request was successfully received and will be
            reviewed by our staff.&rdquo;, select Dismiss.
          </List.Item>
        </Steps>
        <Text>
          Once we have added the carrier it appears in the carrier search, and you can enter its production.
          If the request fails, try again; if it keeps failing, contact us at the support address below.
        </Text>
      </Stack>
    ),
  },
  {
    value: 'add-non-core-carrier-data',
    title: 'Add non-core carrier data',
    content: (
      <Stack gap="sm">
        <Text>
          Non-core carriers do not send us a data feed. Enter their production yourself so that your reports
          and plans cover your whole book.
        </Text>
        <Steps>
          <List.Item>
            Open <PageLink to="/billingcarriers">Input Additional Carrier Production</PageLink> and select New
            Entry.
          </List.Item>
          <List.Item>
            Search for the carrier (at least 3 characters), choose the sub-code the carrier knows your agency
            by, or create a new one, and the associated sub agency if there is one. Select Next.
          </List.Item>
          <List.Item>
            Choose the line of business (PL, CL, Bond or Crop), the month and the year, then enter the
            year-to-date figures for that sub-code and line: Written Premium, New Business, the 12 Month Mover
            (written premium over the last 12 months), and either Incurred Loss and Earned Premium or the Loss
            Ratio. Amounts are dollars, such as 12,500 or 12500.00.
          </List.Item>
          <List.Item>
            Submit. After &ldquo;Success&rdquo; the window closes and the list shows the new entry.
          </List.Item>
        </Steps>
        <Text>
          Year-to-date means from 1 January to the end of the chosen month, not the month on its own.
          Understanding works out each month&apos;s figure as the difference between consecutive months, so
          enter every month in order: a skipped month marks the carrier&apos;s data as incomplete. The Months
          Completed grid shows which months you have entered, and the line-of-business badges show which lines
          have entries.
        </Text>
        <Text>
          To correct a figure, enter the same carrier, sub-code, line of business, month and year again:
          Understanding warns you that the entry exists and edits it when you submit. To remove an entry,
          select its trash icon and confirm.
        </Text>
      </Stack>
    ),
  },
  {
    value: 'agency-plan',
    title: 'Create, modify and add a carrier to an agency plan',
    content: (
      <Stack gap="sm">
        <Text>
          An agency plan sets your growth goals for one year, carrier by carrier and line of business by line
          of business: how much you aim to grow written premium, the rate change you expect, and how much of
          your book you expect to retain. From these Understanding works out your new business goal: the
          premium you aim to write, less the premium you expect to keep from renewals at the new rates. The
          goal is spread evenly over the months of the year.
        </Text>
        <Subheading>Create a plan</Subheading>
        <Text>
          Agency owners and administrators create plans; everyone else in the agency, and your network, can
          read them.
        </Text>
        <Steps>
          <List.Item>
            Open <PageLink to="/growth-measurement">Growth Plan Measurement</PageLink> and choose the year.
          </List.Item>
          <List.Item>
            When the year has no plan yet, enter the plan&apos;s name under &ldquo;Create the plan&rdquo;.
            Keep &ldquo;Start from the previous year&apos;s plan&rdquo; ticked to copy its carriers, lines of
            business, growth goals, rates and retentions; each prior figure is then the previous year&apos;s
            actual written premium for that carrier and line.
          </List.Item>
          <List.Item>Select Create plan. The plan opens in the editor.</List.Item>
        </Steps>
        <Subheading>Modify a plan</Subheading>
        <Steps>
          <List.Item>On Growth Plan Measurement choose the plan&apos;s year and select Edit plan.</List.Item>
          <List.Item>
            Change the plan&apos;s name or, for any carrier and line, the prior written premium, the growth
            goal, the rate (the carrier&apos;s expected rate change, which may be negative) and the retention
            (0 to 100 %). The written premium goal, the new business goal and the % new to book update as you
            type.
          </List.Item>
          <List.Item>
            Select Save plan. Every change is recorded with who made it and when. If someone else saved the
            plan after you opened it, Understanding keeps your changes on screen and tells you nothing was
            saved: reload the plan to see theirs, then make your changes again.
          </List.Item>
        </Steps>
        <Text>
          Delete plan removes the plan after you confirm, for example to start the year again from last
          year&apos;s plan.
        </Text>
        <Subheading>Add a carrier to an agency plan</Subheading>
        <Steps>
          <List.Item>
            In the plan editor, choose the carrier under &ldquo;Carrier to add&rdquo; (type to search) and its
            line of business, then select Add carrier.
          </List.Item>
          <List.Item>
            The new row starts with last year&apos;s written premium for that carrier and line as its prior
            figure, a growth goal and rate of 0 % and a retention of 100 %. Set its goals and select Save
            plan.
          </List.Item>
        </Steps>
        <Text>
          If the carrier search does not find the carrier, request it as described under &ldquo;Request a new
          carrier&rdquo;. For a non-core carrier, keep its production entered month by month so the plan can
          measure it.
        </Text>
        <Subheading>Measure the plan</Subheading>
        <Text>
          On Growth Plan Measurement choose the year: the current year measures through the latest reporting
          month, another year starts at January, and you can choose any month up to the latest reporting
          month. For each carrier the table gives the goal for the months so far against the actual written
          premium, the percent of goal, the change on last year, and the new business still needed this year.
          Expand a carrier to see its lines of business, or use Expand all; search for a carrier or choose a
          Line of Business. A percent change shows N/A when the prior figure is 0 or negative. Each
          carrier&apos;s badge shows the last month it reported, and the chart draws the cumulative actual
          written premium against the monthly goal line.
        </Text>
      </Stack>
    ),
  },
  {
    value: 'benchmarks',
    title: 'Compare your agency with the network, and see early warnings',
    content: (
      <Stack gap="sm">
        <Text>
          <PageLink to="/benchmarks">Benchmarks</PageLink> shows, for the timeframe you choose, your written
          premium growth on the prior period, new business as a share of written premium, loss ratio and
          commission rate (where commission statements were loaded), for your whole book, each line and each
          carrier. Each figure is drawn against the network: the box spans the middle half of its agencies
          (first to third quartile), the line is the median and the marker is your agency. Your percentile
          rank compares you with the agencies of your size band, by written premium over the 12 months ending
          with the timeframe. No other agency is named: you see only the network&apos;s distribution.
        </Text>
        <Text>
          Network users see the distribution of every carrier and line, every member agency&apos;s figures
          (open one to see its benchmarks), and set the size bands and the early-warning loss ratio.{' '}
          <PageLink to="/early-warning">Early Warning</PageLink> lists the member agencies whose loss ratio
          for a carrier or line is above that threshold (55% unless the network changes it) and higher than in
          the prior period, or whose growth is below the network&apos;s first quartile; each row opens the
          agency&apos;s Carrier Production on that carrier. A figure that was not reported is left out, never
          counted as zero.
        </Text>
      </Stack>
    ),
  },
  {
    value: 'profit-sharing',
    title: 'Project profit-sharing bonuses and see the distance to the next band',
    content: (
      <Stack gap="sm">
        <Text>
          A carrier&apos;s profit-sharing (contingent) agreement pays a percentage of premium when your loss
          ratio stays under a band and your growth, policies in force or premium reach another.{' '}
          <PageLink to="/profit-sharing">Profit Sharing</PageLink> projects each agreement from your Carrier
          Production figures: the year so far, and the year run on to year end at the last 12 months&apos;
          pace (the rest of the year as it went last year, or straight on when last year has no figures).
        </Text>
        <Subheading>Enter an agreement</Subheading>
        <Steps>
          <List.Item>
            Agency owners and administrators enter their agency&apos;s agreements; network users enter the
            network&apos;s, which are measured on the whole network. Select New agreement, or Copy last
            year&apos;s agreements to start from them.
          </List.Item>
          <List.Item>
            Choose the carrier, name the agreement, tick the lines of business it covers and whether the bonus
            is a percentage of written or earned premium.
          </List.Item>
          <List.Item>
            Fill the grid from the carrier&apos;s agreement: one row per loss-ratio band (the loss ratio must
            be under the limit; leave the last limit empty for any loss ratio), one column per growth,
            policy-count or premium band (the figure must reach the minimum), and the bonus percentage in each
            cell. Add the eligibility gates the agreement sets (minimum premium, a loss ratio over one to
            three years, a minimum growth, a cap per large loss) and an optional kicker on new business.
            Select Save agreement.
          </List.Item>
        </Steps>
        <Subheading>Read the projection</Subheading>
        <Text>
          Each card shows the agreement&apos;s status (At risk when the year so far pays more than the
          year-end projection, or when every gate passes but no band pays yet; On track when the year-end
          projection pays; Not eligible otherwise), the projected payout, the payout on the year so far and
          what the next better band needs. Open an agreement to see its grid with the current and projected
          cells marked, every gate with its figure and threshold, the distance to every better band, and a
          chart of the loss ratio and growth to date against the bands. The What if inputs (extra new
          business, a large loss, a rate change) recompute the projection as you type. Network users also see
          their member agencies&apos; agreements ranked by the payout they have at risk. Download CSV and
          Download XLSX export the projections (the same rows; in the XLSX, amounts are numbers in a dollar
          format).
        </Text>
        <Subheading>Import agreements from a CSV template</Subheading>
        <Text>
          Under Import agreements from a CSV, Download the template and fill it in a spreadsheet from the
          carrier&apos;s agreement. Each row is one cell of a grid: Carrier (its name as the agreement editor
          lists it), Year and Agreement (the agreement&apos;s name) on every row, then Loss ratio under %
          (empty or &quot;any&quot; for any loss ratio), Band minimum (the growth %, policy count or premium
          the column starts at; empty or &quot;none&quot; for no minimum) and Bonus % (empty or &quot;-&quot;
          for no bonus). Every loss-ratio band needs a row for every band minimum. The agreement&apos;s own
          columns go on its first row (leave them empty on its other rows): Lines covered (P&amp;C, PL, CL,
          BOND, CROP, or standard types of one line), Lines excluded (lines taken out of those covered, or
          standard types taken out of the one line covered), Bonus on (written or earned), Policies in force,
          Minimum premium, Maximum loss ratio %, Loss ratio years (1, 2 or 3; empty for 1), Minimum growth %,
          Large-loss cap, Kicker new business and Kicker rate % (both or neither) and Grid axis (growth,
          policies in force or premium). A file can hold several agreements. Choose the filled file and select
          Import: each agreement is checked as the editor checks it, and either all of them are saved or, when
          any row has a problem, none, with each problem listed by row and column.
        </Text>
      </Stack>
    ),
  },
];
