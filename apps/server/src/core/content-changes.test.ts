import { describe, expect, it } from 'vitest';
import { contentChangeSummary } from './content-changes';

const priya = { name: 'Priya S.', role: 'Engineer', company: 'X', quote: 'Clear.' };
const ken = { name: 'Ken T.', role: 'Architect', company: 'Y', quote: 'Deep.' };

describe('what a page-content save changed', () => {
  it('names the testimonials and sessions added, removed or changed', () => {
    const edited = { ...priya, quote: 'Clear and deep.' };
    expect(
      contentChangeSummary('testimonials', { items: [priya, ken] }, { items: [edited, ken] }),
    ).toBe('Testimonials: 1 changed (Priya S.)');
    expect(contentChangeSummary('testimonials', { items: [priya] }, { items: [priya, ken] })).toBe(
      'Testimonials: 1 added (Ken T.)',
    );
    const session = (title: string) => ({ title, topics: ['One'] });
    expect(
      contentChangeSummary(
        'outline',
        { sessions: [session('Intro'), session('MLO')] },
        { sessions: [session('Intro, revised')] },
      ),
    ).toBe('Course outline: 1 removed (MLO); 1 changed (Intro, revised)');
  });

  it('names the fields of the instructor or certificate that changed', () => {
    const instructor = { name: 'A', title: 'B', bio: ['C'], facts: [], photo: { src: '/a' } };
    expect(
      contentChangeSummary('instructor', instructor, {
        ...instructor,
        bio: ['D'],
        photo: { src: '/b' },
      }),
    ).toBe('Instructor: biography and photo changed');
    expect(contentChangeSummary('certificate', { image: 1 }, { image: 1 })).toBe(
      'Certificate image: saved without changes',
    );
  });
});
