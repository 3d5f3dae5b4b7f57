/**
 * An unknown address, or a missing entity or offer: the server answers it with status 404 and this
 * page (docs/decisions/021-server-rendering.md), the app shows the same after a navigation. Not lazy:
 * the server's render of a 404 needs it at once. The page and its texts are the info feature's
 * (docs/decisions/021).
 */
export { NotFoundPage } from '../../features/info/pages/not-found-page';
export { NOT_FOUND_TEXT } from '../../features/info/not-found-texts';
