/** Small stroke icons of the back office; decorative, so each button names itself. */
import type { SVGProps } from 'react';

const stroke = {
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
  'aria-hidden': true,
  viewBox: '0 0 24 24',
  className: 'size-4',
} as const;

/** An icon of one stroked path; `look` overrides the drawing's defaults. */
const icon = (path: string, look?: SVGProps<SVGSVGElement>) =>
  function Icon() {
    return (
      <svg {...stroke} {...look}>
        <path d={path} />
      </svg>
    );
  };

export const ArrowUpIcon = icon('M12 19V5M5 12l7-7 7 7');
export const ArrowDownIcon = icon('M12 5v14M19 12l-7 7-7-7');
export const TrashIcon = icon(
  'M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3',
);
export const PlusIcon = icon('M12 5v14M5 12h14');
export const PencilIcon = icon('M4 20h4L19 9l-4-4L4 16v4ZM14 6l4 4');
export const DownloadIcon = icon('M10 3v9m0 0-3.5-3.5M10 12l3.5-3.5M4 14.5V16h12v-1.5', {
  viewBox: '0 0 20 20',
  strokeWidth: 1.8,
});
export const UploadIcon = icon('M21 15v4a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-4M17 8l-5-5-5 5M12 3v12');
