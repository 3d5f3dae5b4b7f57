import { useDocumentTitle } from '../../../lib/use-document-title';
import { DatabaseSection } from '../components/database-section';
import { FiguresSection } from '../components/figures-section';
import { FinalCtaSection } from '../components/final-cta-section';
import { HeroSection } from '../components/hero-section';
import { OfferRequestsSection } from '../components/offer-requests-section';
import { ReviewsSection } from '../components/reviews-section';
import { TopOffersSection } from '../components/top-offers-section';

/**
 * The landing page (docs/product/README.md#what-it-does, docs/product/screens.md#landing-page): the
 * spec's sections, filled from GET /landing (docs/decisions/026). The messaging-group call to action is gone:
 * there is no group (docs/decisions/026).
 */
export function LandingPage() {
  useDocumentTitle();
  return (
    <>
      <HeroSection />
      <TopOffersSection />
      <OfferRequestsSection />
      <ReviewsSection />
      <DatabaseSection />
      <FiguresSection />
      <FinalCtaSection />
    </>
  );
}
