import { dashboardPath } from '@trustlinks/contract/pages';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { LOGIN_TEXT as T } from '../auth-texts';
import { AuthWaiting } from './form-controls';

const DASHBOARDS = [
  { to: dashboardPath('advertiser'), label: T.advertiserDashboard },
  { to: dashboardPath('affiliate'), label: T.affiliateDashboard },
  { to: dashboardPath('network'), label: T.networkDashboard },
  { to: dashboardPath('user'), label: T.userDashboard },
] as const;

/** 'Redirecting to dashboard...' with manual ways out (docs/product/accounts.md#login). */
export function RedirectScreen({ onStay }: { onStay: () => void }) {
  return (
    <AuthWaiting title={T.redirecting} subtitle={T.redirectingHint}>
      <nav aria-label="Dashboards" className="grid gap-2 sm:grid-cols-2">
        {DASHBOARDS.map((d) => (
          <Link key={d.to} to={d.to} className={buttonClasses({ variant: 'outline' })}>
            {d.label}
          </Link>
        ))}
      </nav>
      <Button variant="ghost" className="mt-3 w-full" onClick={onStay}>
        {T.stayOnLogin}
      </Button>
    </AuthWaiting>
  );
}
