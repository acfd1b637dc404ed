import { site } from '../../content/site';

export function Footer() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-1 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:justify-between sm:px-6">
        <p>
          © {new Date().getFullYear()} {site.companyName}. All rights reserved.
        </p>
        <p>{site.productTitle}</p>
      </div>
    </footer>
  );
}
