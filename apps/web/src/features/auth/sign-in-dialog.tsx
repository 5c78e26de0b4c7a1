import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SignInView } from '../../lib/dialog-store.ts';
import { SITE_NAME } from '../../lib/site-config.ts';
import { AppDialog } from '../../ui/dialog.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../ui/tabs.tsx';
import { useAuthStore } from './auth-store.ts';
import { LoginForm } from './login-form.tsx';
import { RecoveryForm } from './recovery-form.tsx';
import { RegisterForm } from './register-form.tsx';
import { SocialSignIn } from './social-sign-in.tsx';

interface SignInDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialView: SignInView;
  email?: string;
  code?: string;
}

/** Login and Registration tabs, and the password recovery view (spec-1 §2). */
export function SignInDialog({ open, onOpenChange, initialView, email, code }: SignInDialogProps) {
  const [view, setView] = useState<SignInView>(initialView);
  const [recoveryEmail, setRecoveryEmail] = useState(email ?? '');
  const isAuthenticated = useAuthStore((s) => s.isAuthenticated);
  const isLoading = useAuthStore((s) => s.isLoading);
  const navigate = useNavigate();

  // The auth forms send an already signed-in user home.
  useEffect(() => {
    if (open && isAuthenticated && !isLoading) {
      onOpenChange(false);
      void navigate('/');
    }
  }, [open, isAuthenticated, isLoading, onOpenChange, navigate]);

  const recovering = view === 'recovery';
  return (
    <AppDialog
      open={open}
      onOpenChange={onOpenChange}
      title={recovering ? 'Password Recovery' : `Welcome to ${SITE_NAME}`}
      description={recovering ? undefined : 'Sign in or create an account to start playing.'}
    >
      {recovering ? (
        <RecoveryForm
          initialEmail={recoveryEmail}
          initialCode={code}
          onBackToLogin={() => setView('login')}
        />
      ) : (
        <Tabs value={view} onValueChange={(v) => setView(v === 'register' ? 'register' : 'login')}>
          <TabsList className="mb-5">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Registration</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm
              onForgotPassword={(typed) => {
                if (typed) setRecoveryEmail(typed);
                setView('recovery');
              }}
            />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm />
          </TabsContent>
          <SocialSignIn />
        </Tabs>
      )}
    </AppDialog>
  );
}
