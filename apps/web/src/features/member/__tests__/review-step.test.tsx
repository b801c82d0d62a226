import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { ReviewStep } from '../components/wizard/review-step';

beforeAll(() => {
  initI18n('en');
});
afterEach(() => cleanup());

const review = (values: { providers: string[]; betLimits: string[] }) =>
  render(
    <ReviewStep
      mode="create"
      isAgent
      parentAccountNo="agentA01"
      balance="0"
      values={{ accountNo: 'ag12345678', nickName: 'New agent', ratio: '40', ...values }}
      providerOptions={[{ code: 'PG', name: 'PG Soft', status: 'NORMAL', enabled: true }]}
      limitOptions={[]}
      error={null}
    />,
  );

describe('the wizard review', () => {
  it('says before saving that an account without providers or bet limits leaves its players unable to play', () => {
    review({ providers: [], betLimits: [] });
    const warning = screen.getByTestId('wizard-review-warning');
    expect(warning.textContent).toContain('No game providers chosen');
    expect(warning.textContent).toContain('No bet limits chosen');
  });

  it('says nothing when both are chosen', () => {
    review({ providers: ['PG'], betLimits: ['A'] });
    expect(screen.queryByTestId('wizard-review-warning')).toBeNull();
  });
});
