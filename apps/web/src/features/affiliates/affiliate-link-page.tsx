import { REWARDS_TEXT } from '@coinsite/shared/schemas/economy';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { useAuthStore } from '../auth/auth-store.ts';
import { claimStoredAffiliateCode, storeAffiliateCode } from './affiliate-code.ts';

/** /a/:affiliateCode — stores the code under 'affiliateCode', then goes to /home. */
export function AffiliateLinkPage() {
  const { affiliateCode } = useParams();
  const navigate = useNavigate();

  useEffect(() => {
    if (affiliateCode) {
      storeAffiliateCode(affiliateCode);
      toast.info(REWARDS_TEXT.affiliateLinkDetected, { id: 'affiliate-link' });
    }
    const { isAuthenticated, isLoading } = useAuthStore.getState();
    // Already signed in: the session exists now, so the claim dialog can open at once.
    if (isAuthenticated && !isLoading) claimStoredAffiliateCode();
    void navigate('/home', { replace: true });
  }, [affiliateCode, navigate]);

  return null;
}
