import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

const grouped = new Intl.NumberFormat('en-US');

/**
 * A form rule for a whole number from `min` to `max` (an empty field passes: pair it with a
 * required rule where one is needed). Its message names the range. The number inputs it guards
 * set no `min`, `max` or `precision` of their own: antd would clamp or round the typed value on
 * blur (−5 became 1, 99,999,999,999 became 1,000,000,000) and the user would save a number they
 * never typed without a word.
 */
export function wholeNumberRule(t: TFunction, min: number, max: number): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (value === undefined || value === null || value === '') return;
      if (typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max) return;
      throw new Error(t('validation:wholeNumber', { min: grouped.format(min), max: grouped.format(max) }));
    },
  };
}
