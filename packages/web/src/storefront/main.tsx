import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '../shared/styles.css';

/** The shopper's side of the shop; its pages come with the storefront's own work. */
const Storefront = () => (
  <main id="main" className="sign-in">
    <h1>TRX Shop</h1>
    <p>
      The storefront is on its way. Shop owners manage the shop at <a href="/admin/">/admin</a>.
    </p>
  </main>
);

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <Storefront />
    </StrictMode>,
  );
}
