import Lock from 'lucide-react/icons/lock';
import LogIn from 'lucide-react/icons/log-in';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { RESTRICTED } from '../companies-content';

/** What a visitor sees instead of the database (docs/product/companies.md). */
export function AccessRestricted() {
  return (
    <Card className="mx-auto flex max-w-lg flex-col items-center px-6 py-10 text-center">
      <span
        aria-hidden="true"
        className="flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning-soft-foreground"
      >
        <Lock className="size-6" />
      </span>
      <h2 className="mt-4 text-xl font-semibold tracking-tight">{RESTRICTED.title}</h2>
      <p className="mt-2 text-muted-foreground">{RESTRICTED.body}</p>
      <Link to={RESTRICTED.login.to} className={buttonClasses({ className: 'mt-6' })}>
        <LogIn aria-hidden="true" />
        {RESTRICTED.login.label}
      </Link>
    </Card>
  );
}
