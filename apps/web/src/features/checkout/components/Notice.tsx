import type { ReactNode } from 'react';

const noticeTones = {
  info: 'border-sky-200 bg-sky-50 text-navy-900',
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
} as const;

/** A boxed message: an error the buyer can act on, or a neutral note. */
export function Notice({
  tone = 'info',
  role,
  children,
}: {
  tone?: keyof typeof noticeTones;
  role?: 'alert' | 'status';
  children: ReactNode;
}) {
  return (
    <div role={role} className={`rounded-xl border px-4 py-3 text-sm ${noticeTones[tone]}`}>
      {children}
    </div>
  );
}
