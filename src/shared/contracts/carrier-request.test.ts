import { describe, expect, it } from 'vitest';
import {
  ADDITIONAL_INFO_TOO_LONG,
  CARRIER_NAME_TOO_LONG,
  CARRIER_TYPES,
  carrierRequestSchema,
  carrierTypeLabels,
  INVALID_URL_MESSAGE,
  isWebsiteUrl,
  REQUIRED_MESSAGE,
} from './carrier-request.ts';

const valid = {
  carrierName: 'Prairie Mutual',
  carrierType: 'isStandard',
  carrierWebsite: 'www.prairiemutual.com',
  additionalInfo: 'We write their homeowners book.',
};

/** The message of each field the schema refuses. */
function messages(input: unknown): Record<string, string> {
  const result = carrierRequestSchema.safeParse(input);
  if (result.success) return {};
  return Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
}

describe('new carrier request form', () => {
  it('accepts a complete request, trimming the text and defaulting the additional information', () => {
    expect(carrierRequestSchema.parse({ ...valid, carrierName: '  Prairie Mutual ' }).carrierName).toBe(
      'Prairie Mutual',
    );
    const { additionalInfo: _omitted, ...withoutInfo } = valid;
    expect(carrierRequestSchema.parse(withoutInfo).additionalInfo).toBe('');
  });

  it("names the URL example with two spaces after 'URL.'", () => {
    expect(INVALID_URL_MESSAGE).toBe('Must be a valid URL.  eg. www.carrier.com');
  });

  it("requires the carrier name, at most 120 characters, with 'Required'", () => {
    expect(messages({ ...valid, carrierName: '' })).toEqual({ carrierName: REQUIRED_MESSAGE });
    expect(messages({ ...valid, carrierName: '   ' })).toEqual({ carrierName: 'Required' });
    expect(messages({ ...valid, carrierName: 'x'.repeat(120) })).toEqual({});
    expect(messages({ ...valid, carrierName: 'x'.repeat(121) })).toEqual({
      carrierName: CARRIER_NAME_TOO_LONG,
    });
  });

  it('requires one of the six carrier types', () => {
    for (const carrierType of CARRIER_TYPES) expect(messages({ ...valid, carrierType })).toEqual({});
    expect(messages({ ...valid, carrierType: '' })).toEqual({ carrierType: 'Required' });
    expect(Object.keys(messages({ ...valid, carrierType: 'isCore' }))).toEqual(['carrierType']);
    expect(Object.values(carrierTypeLabels)).toEqual([
      'Multiline',
      'Wholesaler',
      'Crop',
      'Flood',
      'Surety',
      'Workers Comp',
    ]);
  });

  it('requires the carrier website as a URL', () => {
    expect(messages({ ...valid, carrierWebsite: '' })).toEqual({ carrierWebsite: 'Required' });
    for (const website of [
      'www.carrier.com',
      'carrier.com',
      'https://www.carrier.com/agents?x=1',
      'http://a-b.co.uk:8080',
    ]) {
      expect(isWebsiteUrl(website), website).toBe(true);
      expect(messages({ ...valid, carrierWebsite: website })).toEqual({});
    }
    for (const website of [
      'carrier',
      'not a url',
      'http://',
      'ftp://carrier.com',
      'www.carrier.c0m',
      'carrier .com',
    ]) {
      expect(isWebsiteUrl(website), website).toBe(false);
      expect(messages({ ...valid, carrierWebsite: website })).toEqual({
        carrierWebsite: INVALID_URL_MESSAGE,
      });
    }
  });

  it('allows at most 400 characters of additional information', () => {
    expect(messages({ ...valid, additionalInfo: 'x'.repeat(400) })).toEqual({});
    expect(messages({ ...valid, additionalInfo: 'x'.repeat(401) })).toEqual({
      additionalInfo: ADDITIONAL_INFO_TOO_LONG,
    });
  });

  it('reports every missing field at once', () => {
    expect(messages({ carrierName: '', carrierType: '', carrierWebsite: '' })).toEqual({
      carrierName: 'Required',
      carrierType: 'Required',
      carrierWebsite: 'Required',
    });
  });
});
