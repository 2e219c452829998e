import { digestSettingText, type DigestSetting } from '#shared/domain/digest.ts';
import { changePercent } from '#shared/domain/measures.ts';
import { formatMoney, formatPercent } from '#shared/domain/number-format.ts';
import type { YearMonth } from '#shared/domain/reporting-month.ts';
import type { DigestContent, Headline } from '#server/services/digest/digest-content.ts';
import type { MailMessage } from '#server/services/mail/mailer.ts';
import { STATUS_TEXT } from '#server/services/profit-sharing/agreements-export.ts';

/** How many warnings, missing reports and agreements an e-mail lists before "and N more". */
export const DIGEST_LIST_LIMIT = 15;

export const monthLabel = (month: YearMonth) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );

export const digestSubject = (content: Pick<DigestContent, 'scopeName' | 'period'>) =>
  `Your monthly digest: ${content.scopeName}, ${monthLabel(content.period)}`;

const money = (v: number | null) => (v === null ? 'not reported' : formatMoney(v));
const pct = (v: number | null) => (v === null ? 'none' : formatPercent(v));
const change = (current: number | null, prior: number | null) => {
  const c = changePercent(current, prior);
  return c === null || prior === 0 ? '' : ` (${c >= 0 ? '+' : ''}${formatPercent(c)} on the prior year)`;
};

/** The three headline lines of a period: written premium, new business, loss ratio vs prior. */
function headlineLines(h: Headline): [string, string][] {
  return [
    ['Written premium', `${money(h.writtenPremium)}${change(h.writtenPremium, h.priorWrittenPremium)}`],
    ['New business', `${money(h.newWrittenPremium)}${change(h.newWrittenPremium, h.priorNewWrittenPremium)}`],
    ['Loss ratio', `${pct(h.lossRatio)} (prior year ${pct(h.priorLossRatio)})`],
  ];
}

type Section = { title: string; intro: string; items: string[]; more: number };

/** The first items of a list of `total` (the list itself when not given). */
const limited = (title: string, intro: string, all: string[], total = all.length): Section => ({
  title,
  intro,
  items: all.slice(0, DIGEST_LIST_LIMIT),
  more: Math.max(0, total - Math.min(all.length, DIGEST_LIST_LIMIT)),
});

function sections(c: DigestContent): Section[] {
  const ofAgency = (name: string) => (c.levelKind === 'network' ? `${name}: ` : '');
  const warnings = c.warnings.map((w) => {
    const why = [
      w.reasons.includes('lossRatio')
        ? `loss ratio ${pct(w.lossRatio)}, above ${formatPercent(c.lossRatioThreshold)} and up from ${pct(w.priorLossRatio)}`
        : null,
      w.reasons.includes('growth')
        ? `growth ${pct(w.growth)}, below the network's first quartile (${pct(w.growthFirstQuartile)})`
        : null,
    ].filter(Boolean);
    return `${ofAgency(w.agencyName)}${w.dimension === 'line' ? `${w.name} lines` : w.name}: ${why.join('; ')}`;
  });
  const reports = c.problems.map(
    (p) =>
      `${ofAgency(p.agencyName)}${p.carrierName}: ${p.status === 'missing' ? 'missing' : 'late'} (due ${p.dueOn})`,
  );
  const agreements = c.profitSharing.map(
    (s) =>
      `${c.levelKind === 'network' ? `${s.agreement.holderName}: ` : ''}${s.agreement.carrierName}, ${s.agreement.name}: ` +
      `${STATUS_TEXT[s.status]}, projected payout ${formatMoney(s.projectedPayout)}` +
      (s.payoutAtRisk > 0 ? `, ${formatMoney(s.payoutAtRisk)} at risk` : ''),
  );
  return [
    limited(
      'Early warnings',
      warnings.length === 0
        ? `No early warning for the year to date through ${monthLabel(c.warningsThrough)}.`
        : `Carriers and lines to look at, year to date through ${monthLabel(c.warningsThrough)}:`,
      warnings,
      c.warningsTotal,
    ),
    limited(
      'Carrier reports',
      c.expectedReports === 0
        ? `No carrier report was expected for ${monthLabel(c.period)}.`
        : c.complete
          ? `All ${c.expectedReports} expected carrier reports for ${monthLabel(c.period)} arrived.`
          : reports.length === 0
            ? `Some carrier reports for ${monthLabel(c.period)} are not due yet; none is late or missing.`
            : `Carrier reports for ${monthLabel(c.period)} that are late or missing:`,
      reports,
    ),
    limited(
      'Profit sharing',
      agreements.length === 0
        ? `No profit-sharing agreement for ${c.period.slice(0, 4)}.`
        : `Projections of the ${c.period.slice(0, 4)} agreements:`,
      agreements,
    ),
  ];
}

const escape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The monthly digest e-mail: the month's and the year's headline figures, the early warnings, the
 * month's missing and late reports and the profit-sharing projections of the user's scope, as plain
 * text and as simple HTML, with a link to unsubscribe (and the List-Unsubscribe headers, RFC 8058).
 */
export function digestMail({
  to,
  content,
  setting,
  appUrl,
  unsubscribePage,
  unsubscribeApi,
}: {
  to: string;
  content: DigestContent;
  setting: DigestSetting;
  appUrl: string;
  unsubscribePage: string;
  unsubscribeApi: string;
}): MailMessage {
  const month = monthLabel(content.period);
  const figures: [string, [string, string][]][] = [
    [month, headlineLines(content.month)],
    [`Year to date (January to ${month})`, headlineLines(content.yearToDate)],
  ];
  const parts = sections(content);
  const why = `You receive this digest because you asked for it on My profile: ${digestSettingText(setting).toLowerCase()}.`;
  const text = [
    `Monthly digest of ${content.scopeName} for ${month}`,
    '',
    ...figures.flatMap(([title, lines]) => [title, ...lines.map(([k, v]) => `  ${k}: ${v}`), '']),
    ...parts.flatMap((s) => [
      s.title,
      `  ${s.intro}`,
      ...s.items.map((i) => `  - ${i}`),
      ...(s.more > 0 ? [`  ...and ${s.more} more in the product.`] : []),
      '',
    ]),
    `Open Understanding: ${appUrl}`,
    '',
    why,
    `Unsubscribe: ${unsubscribePage}`,
    '',
  ].join('\n');
  const cell = 'style="padding:4px 12px 4px 0;text-align:left"';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(digestSubject(content))}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;line-height:1.5;max-width:640px">
<h1 style="font-size:20px">Monthly digest of ${escape(content.scopeName)} for ${escape(month)}</h1>
${figures
  .map(
    ([title, lines]) => `<h2 style="font-size:16px">${escape(title)}</h2>
<table role="presentation" style="border-collapse:collapse">${lines
      .map(([k, v]) => `<tr><th scope="row" ${cell}>${escape(k)}</th><td ${cell}>${escape(v)}</td></tr>`)
      .join('')}</table>`,
  )
  .join('\n')}
${parts
  .map(
    (s) => `<h2 style="font-size:16px">${escape(s.title)}</h2>
<p>${escape(s.intro)}</p>${
      s.items.length > 0 ? `<ul>${s.items.map((i) => `<li>${escape(i)}</li>`).join('')}</ul>` : ''
    }${s.more > 0 ? `<p>...and ${s.more} more in the product.</p>` : ''}`,
  )
  .join('\n')}
<p><a href="${escape(appUrl)}">Open Understanding</a></p>
<p style="color:#495057;font-size:13px">${escape(why)} <a href="${escape(unsubscribePage)}">Unsubscribe</a></p>
</body></html>`;
  return {
    to,
    subject: digestSubject(content),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${unsubscribeApi}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
