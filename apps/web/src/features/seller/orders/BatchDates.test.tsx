import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BatchDates } from './BatchDates';

describe("an order's batch", () => {
  it('shows its dates and timing rather than its id, which stays as a tooltip', () => {
    render(
      <BatchDates
        id="WIFI7-2027-01-AM"
        description="Jan 12 - Mar 2, 2027 (Americas) -- Tue & Thu, 9 to 11 AM Pacific Time"
      />,
    );
    const batch = screen.getByTitle('WIFI7-2027-01-AM');
    expect(batch).toHaveTextContent('Jan 12 - Mar 2, 2027Tue & Thu, 9 - 11 AM PT (Americas)');
    expect(batch).not.toHaveTextContent('WIFI7');
  });

  it('falls back to the id without a description', () => {
    render(<BatchDates id="B-OLD" description="" />);
    expect(screen.getByText('B-OLD')).toBeInTheDocument();
  });
});
