import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logout } from '../../../lib/api/logout';

/** The user dashboard's Logout: the shared call (lib/api/logout.ts), then home (docs/product/screens.md#header). */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSettled: () => {
      queryClient.clear();
      void navigate('/', { replace: true });
    },
  });
}
