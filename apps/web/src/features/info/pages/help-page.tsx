import { Link } from 'react-router';
import { InfoPage } from '../components/info-page';
import { HELP_TEXT } from '../info-texts';

/** /help: the Help Center (footer "Help Center"). */
export function HelpPage() {
  return (
    <InfoPage texts={HELP_TEXT}>
      <p className="mt-6">
        <Link
          to={HELP_TEXT.contactLink.to}
          className="font-medium text-brand underline-offset-4 hover:underline"
        >
          {HELP_TEXT.contactLink.label}
        </Link>
      </p>
    </InfoPage>
  );
}
