import type { components } from '@trx-shop/client';
import { Link } from 'wouter';
import { Trx } from '../../../../shared/ui/money.js';
import { TableScroll } from '../../../../shared/ui/table-scroll.js';
import { Time } from '../../../../shared/ui/time.js';
import { CustomerStatusBadge } from './customer-status-badge.js';
import { WalletAddress } from './wallet-address.js';

type Customer = components['schemas']['Customer'];

export const CustomersTable = ({ customers, busy }: { customers: readonly Customer[]; busy: boolean }) => (
  <TableScroll label="Customer list">
    <table aria-label="Customers" aria-busy={busy}>
      <thead>
        <tr>
          <th scope="col">Username</th>
          <th scope="col">Email</th>
          <th scope="col">Wallet</th>
          <th scope="col" className="number">
            Total spent
          </th>
          <th scope="col">Status</th>
          <th scope="col">Joined</th>
          <th scope="col">Last login</th>
        </tr>
      </thead>
      <tbody>
        {customers.map((customer) => (
          <tr key={customer._id}>
            <td>
              <Link href={`/customers/${customer._id}`}>{customer.username}</Link>
            </td>
            <td>{customer.email}</td>
            <td>
              <WalletAddress address={customer.wallet.address} />
            </td>
            <td className="number">
              <Trx amount={customer.totalSpent} />
            </td>
            <td>
              <CustomerStatusBadge isActive={customer.isActive} />
            </td>
            <td>
              <Time iso={customer.createdAt} />
            </td>
            <td>
              {customer.lastLogin ? <Time iso={customer.lastLogin} /> : <span className="muted">Never</span>}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  </TableScroll>
);
