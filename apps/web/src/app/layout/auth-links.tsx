import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button';
import type { ButtonSize, ButtonVariant } from '../../components/ui/button';
import { AUTH_LINKS } from './nav-links';

interface AuthLinksProps {
  className: string;
  size: ButtonSize;
  /** The look of Log in beside the primary Sign up. */
  loginVariant: ButtonVariant;
}

/** Log in and Sign up as buttons: in the header from md up, in the mobile menu below. */
export function AuthLinks({ className, size, loginVariant }: AuthLinksProps) {
  return (
    <div className={className}>
      {AUTH_LINKS.map((link) => (
        <Link
          key={link.to}
          to={link.to}
          className={buttonClasses({ variant: link.primary ? 'primary' : loginVariant, size })}
        >
          {link.label}
        </Link>
      ))}
    </div>
  );
}
