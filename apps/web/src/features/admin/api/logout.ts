import { useMutation } from '@tanstack/react-query';
import { logout } from '../../../lib/api/logout';

/** The admin panel's Logout (docs/product/admin.md): the shared call (lib/api/logout.ts), then a reload. */
export async function logoutAndReload(): Promise<void> {
  await logout();
  window.location.reload();
}

export function useLogout() {
  return useMutation({ mutationFn: logoutAndReload });
}
