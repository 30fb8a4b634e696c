import type { ReactNode } from 'react';
import { Link, useRoute } from 'wouter';
import { useCurrentUser, useSignOut } from '../../shared/api/session.js';
import { useCart } from '../../shared/cart/use-cart.js';

const NavLink = ({
  href,
  label,
  children,
}: {
  href: string;
  label?: string | undefined;
  children: ReactNode;
}) => {
  const [exact] = useRoute(href);
  const [nested] = useRoute(`${href}/*`);
  const current = exact || (href !== '/' && nested);
  return (
    <Link href={href} aria-label={label} aria-current={current ? 'page' : undefined}>
      {children}
    </Link>
  );
};

/** "Cart" with the number of units in it, named "Cart, 3 items" (kept current from other tabs too). */
const CartLink = () => {
  const { units } = useCart();
  const named = units > 0 ? `Cart, ${units} ${units === 1 ? 'item' : 'items'}` : undefined;
  return (
    <NavLink href="/cart" label={named}>
      Cart
      {units > 0 && (
        <span className="cart-count" aria-hidden="true">
          {units}
        </span>
      )}
    </NavLink>
  );
};

/** Who is shopping: their account and the way out, or the ways in. */
const Account = () => {
  const user = useCurrentUser();
  const signOut = useSignOut();
  if (!user.data) {
    return (
      <div className="account">
        <NavLink href="/sign-in">Sign in</NavLink>
        <NavLink href="/register">Create an account</NavLink>
      </div>
    );
  }
  return (
    <div className="account">
      <NavLink href="/account">{user.data.username}</NavLink>
      <button type="button" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
        Sign out
      </button>
    </div>
  );
};

/** The frame of every storefront page: the shop's name, where one can go, and the account. */
export const Shell = ({ children }: { children: ReactNode }) => (
  <>
    <a className="skip-link" href="#main">
      Skip to content
    </a>
    <header className="topbar">
      <Link href="/" className="brand">
        TRX Shop
      </Link>
      <nav aria-label="Main">
        <NavLink href="/">Shop</NavLink>
        <CartLink />
        <NavLink href="/orders">Orders</NavLink>
        <NavLink href="/wallet">Wallet</NavLink>
      </nav>
      <Account />
    </header>
    <main id="main" tabIndex={-1}>
      {children}
    </main>
  </>
);
