import { Route, Switch } from 'wouter';
import WebhookPage from '../../../src/admin/features/webhooks/routes/webhook-page.js';
import WebhooksPage from '../../../src/admin/features/webhooks/routes/webhooks-page.js';
import { renderPage } from '../orders/render-page.js';

/** The two webhook pages routed as the admin app routes them, so a test can move between them. */
export const renderWebhooks = (path: string) =>
  renderPage(
    path,
    <Switch>
      <Route path="/webhooks" component={WebhooksPage} />
      <Route path="/webhooks/:id">{(params) => <WebhookPage id={params.id} />}</Route>
    </Switch>,
  );
