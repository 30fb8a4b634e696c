import type { components } from '@trx-shop/client';
import { Time } from '../../../../shared/ui/time.js';
import { CustomerStatusBadge } from './customer-status-badge.js';

type Customer = components['schemas']['Customer'];

const orNone = (value: string | null) => value ?? <span className="muted">Not given</span>;

/** Who the customer is: contact, wallet, security and when they came and last signed in. */
export const CustomerProfile = ({ customer }: { customer: Customer }) => (
  <section aria-labelledby="customer-profile">
    <h2 id="customer-profile">Profile</h2>
    <dl className="facts card">
      <div>
        <dt>Status</dt>
        <dd>
          <CustomerStatusBadge isActive={customer.isActive} />
        </dd>
      </div>
      <div>
        <dt>Email</dt>
        <dd className="hash">{customer.email}</dd>
      </div>
      <div>
        <dt>Username</dt>
        <dd>{customer.username}</dd>
      </div>
      <div>
        <dt>Wallet address</dt>
        <dd>
          {customer.wallet.address ? (
            <code className="hash">{customer.wallet.address}</code>
          ) : (
            <span className="muted">No wallet</span>
          )}
        </dd>
      </div>
      <div>
        <dt>Country</dt>
        <dd>{orNone(customer.country)}</dd>
      </div>
      <div>
        <dt>Phone</dt>
        <dd>{orNone(customer.phone)}</dd>
      </div>
      <div>
        <dt>Two-factor authentication</dt>
        <dd>{customer.twoFactorEnabled ? 'On' : 'Off'}</dd>
      </div>
      <div>
        <dt>Joined</dt>
        <dd>
          <Time iso={customer.createdAt} />
        </dd>
      </div>
      <div>
        <dt>Last login</dt>
        <dd>
          {customer.lastLogin ? <Time iso={customer.lastLogin} /> : <span className="muted">Never</span>}
        </dd>
      </div>
    </dl>
  </section>
);
