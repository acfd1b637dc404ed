import { render, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../testing/contrast';
import { CompanyDetails } from './FormParts';

const company = {
  id: 'company',
  error: undefined,
  name: 'company',
  onChange: async () => undefined,
  onBlur: async () => undefined,
  ref: () => undefined,
};

/** The theme colour of the one class of `element` that starts with `prefix`. */
function colourOf(element: Element, prefix: string): string {
  const found = [...element.classList].filter((name) => name.startsWith(prefix));
  expect(found, `${prefix} on ${element.outerHTML}`).toHaveLength(1);
  return found[0]!.slice(prefix.length);
}

describe('"Buying for a company?"', () => {
  it('keeps its "Optional" label at 4.5:1 or more, at rest and on hover', () => {
    const { container } = render(
      <CompanyDetails description="For the invoice." company={company}>
        <span />
      </CompanyDetails>,
    );
    const summary = container.querySelector('summary')!;
    const label = within(summary).getByText('Optional');
    // jsdom paints no hover: the hover text colour is the named group's, over the summary's hover background.
    expect(summary).toHaveClass('group/summary');
    const hoverText = colourOf(label, 'group-hover/summary:text-');
    const hoverBackground = colourOf(summary, 'hover:bg-');
    expect(contrastRatio(hoverText, hoverBackground)).toBeGreaterThanOrEqual(4.5);
    // At rest the card is white under the section's faint tint; slate-50 is the darker bound.
    expect(contrastRatio(colourOf(label, 'text-'), 'slate-50')).toBeGreaterThanOrEqual(4.5);
  });
});
