import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Loading } from '../../shared/ui/status.js';

// Each page is its own chunk: the shell loads only what the first page needs.
const DashboardPage = lazy(() => import('../features/dashboard/routes/dashboard-page.js'));
const OrdersPage = lazy(() => import('../features/orders/routes/orders-page.js'));
const OrderPage = lazy(() => import('../features/orders/routes/order-page.js'));
const CustomersPage = lazy(() => import('../features/customers/routes/customers-page.js'));
const CustomerPage = lazy(() => import('../features/customers/routes/customer-page.js'));
const ProductsPage = lazy(() => import('../features/products/routes/products-page.js'));
const ProductPage = lazy(() => import('../features/products/routes/product-page.js'));
const LedgerPage = lazy(() => import('../features/ledger/routes/ledger-page.js'));
const ReconciliationPage = lazy(() => import('../features/reconciliation/routes/reconciliation-page.js'));
const WebhooksPage = lazy(() => import('../features/webhooks/routes/webhooks-page.js'));
const WebhookPage = lazy(() => import('../features/webhooks/routes/webhook-page.js'));
const ApiKeysPage = lazy(() => import('../features/api-keys/routes/api-keys-page.js'));
const AuditPage = lazy(() => import('../features/audit/routes/audit-page.js'));
const MailPage = lazy(() => import('../features/mail/routes/mail-page.js'));
const MailboxPage = lazy(() => import('../features/mail/routes/mailbox-page.js'));
const MailboxMailPage = lazy(() => import('../features/mail/routes/mailbox-mail-page.js'));
const AccountPage = lazy(() => import('../features/account/routes/account-page.js'));

const NotFound = () => (
  <section>
    <h1>Page not found</h1>
    <p>There is no admin page at this address.</p>
  </section>
);

export const AdminRoutes = () => (
  <Suspense fallback={<Loading label="Loading the page" />}>
    <Switch>
      <Route path="/" component={DashboardPage} />
      <Route path="/orders" component={OrdersPage} />
      <Route path="/orders/:id">{(params) => <OrderPage id={params.id} />}</Route>
      <Route path="/customers" component={CustomersPage} />
      <Route path="/customers/:id">{(params) => <CustomerPage id={params.id} />}</Route>
      <Route path="/products" component={ProductsPage} />
      <Route path="/products/new">{() => <ProductPage />}</Route>
      <Route path="/products/:id">{(params) => <ProductPage id={params.id} />}</Route>
      <Route path="/ledger" component={LedgerPage} />
      <Route path="/reconciliation" component={ReconciliationPage} />
      <Route path="/webhooks" component={WebhooksPage} />
      <Route path="/webhooks/:id">{(params) => <WebhookPage id={params.id} />}</Route>
      <Route path="/api-keys" component={ApiKeysPage} />
      <Route path="/audit" component={AuditPage} />
      <Route path="/mail" component={MailPage} />
      <Route path="/mailbox" component={MailboxPage} />
      <Route path="/mailbox/:messageId">{(params) => <MailboxMailPage messageId={params.messageId} />}</Route>
      <Route path="/account" component={AccountPage} />
      <Route component={NotFound} />
    </Switch>
  </Suspense>
);
