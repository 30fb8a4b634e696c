import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Loading } from '../../shared/ui/status.js';

// Each page is its own chunk: the shell loads only what the first page needs.
const DashboardPage = lazy(() => import('../features/dashboard/routes/dashboard-page.js'));
const OrdersPage = lazy(() => import('../features/orders/routes/orders-page.js'));
const OrderPage = lazy(() => import('../features/orders/routes/order-page.js'));

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
      <Route component={NotFound} />
    </Switch>
  </Suspense>
);
