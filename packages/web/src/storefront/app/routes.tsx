import { lazy, type ReactNode, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Loading } from '../../shared/ui/status.js';
import { SignedIn } from './signed-in.js';

// Each page is its own chunk: the first visit loads the catalogue and nothing else.
const CataloguePage = lazy(() => import('../features/catalogue/routes/catalogue-page.js'));
const ProductPage = lazy(() => import('../features/catalogue/routes/product-page.js'));
const CartPage = lazy(() => import('../features/cart/routes/cart-page.js'));
const CheckoutPage = lazy(() => import('../features/checkout/routes/checkout-page.js'));
const OrdersPage = lazy(() => import('../features/orders/routes/orders-page.js'));
const OrderPage = lazy(() => import('../features/orders/routes/order-page.js'));
const WalletPage = lazy(() => import('../features/wallet/routes/wallet-page.js'));
const AccountPage = lazy(() => import('../features/account/routes/account-page.js'));
const SignInPage = lazy(() => import('../features/auth/routes/sign-in-page.js'));
const RegisterPage = lazy(() => import('../features/auth/routes/register-page.js'));
const ForgotPasswordPage = lazy(() => import('../features/auth/routes/forgot-password-page.js'));
const ResetPasswordPage = lazy(() => import('../features/auth/routes/reset-password-page.js'));
const VerifyEmailPage = lazy(() => import('../features/auth/routes/verify-email-page.js'));

const NotFound = () => (
  <section>
    <h1>Page not found</h1>
    <p>There is no page at this address.</p>
  </section>
);

/** A page of the shopper's own: asks to sign in first when nobody is. */
const Own = ({ what, children }: { what: string; children: ReactNode }) => (
  <SignedIn what={what}>{children}</SignedIn>
);

export const StorefrontRoutes = () => (
  <Suspense fallback={<Loading label="Loading the page" />}>
    <Switch>
      <Route path="/" component={CataloguePage} />
      <Route path="/products/:id">{(params) => <ProductPage id={params.id} />}</Route>
      <Route path="/cart" component={CartPage} />
      <Route path="/checkout">
        <Own what="check out">
          <CheckoutPage />
        </Own>
      </Route>
      <Route path="/orders">
        <Own what="see your orders">
          <OrdersPage />
        </Own>
      </Route>
      <Route path="/orders/:id">
        {(params) => (
          <Own what="see this order">
            <OrderPage id={params.id} />
          </Own>
        )}
      </Route>
      <Route path="/wallet">
        <Own what="see your wallet">
          <WalletPage />
        </Own>
      </Route>
      <Route path="/account">
        <Own what="manage your account">
          <AccountPage />
        </Own>
      </Route>
      <Route path="/sign-in" component={SignInPage} />
      <Route path="/register" component={RegisterPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/verify-email" component={VerifyEmailPage} />
      <Route component={NotFound} />
    </Switch>
  </Suspense>
);
