import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { useSignOut } from '../../shared/api/session.js';
import { useMailDelivery } from '../features/mail/api/mail-messages.js';

const NavLink = ({ href, children }: { href: string; children: ReactNode }) => {
  const [exact] = useRoute(href);
  const [nested] = useRoute(`${href}/*`);
  const current = exact || (href !== '/' && nested);
  return (
    <Link href={href} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
};

/** The frame of every signed-in page: where one is, where one can go, and the way out. */
export const Shell = ({ email, children }: { email: string; children: ReactNode }) => {
  const signOut = useSignOut();
  const delivery = useMailDelivery();
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="topbar">
        <span className="brand">TRX Shop admin</span>
        <nav aria-label="Main">
          <NavLink href="/">Dashboard</NavLink>
          <NavLink href="/orders">Orders</NavLink>
          <NavLink href="/customers">Customers</NavLink>
          <NavLink href="/products">Products</NavLink>
          <NavLink href="/ledger">Ledger</NavLink>
          <NavLink href="/reconciliation">Reconciliation</NavLink>
          <NavLink href="/webhooks">Webhooks</NavLink>
          <NavLink href="/api-keys">API keys</NavLink>
          <NavLink href="/audit">Audit</NavLink>
          <NavLink href="/mail">Mail</NavLink>
          {/* The local mailbox exists only on the embedded default; elsewhere the API refuses it. */}
          {delivery === 'mailbox' && <NavLink href="/mailbox">Mailbox</NavLink>}
        </nav>
        <div className="account">
          <NavLink href="/account">{email}</NavLink>
          <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
            Sign out
          </button>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
};
