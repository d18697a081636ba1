/**
 * /settings: theme, adult content, avatar, push notifications on this device, password and
 * e-mail, one's data and deleting the account. Choices are saved at once;
 * the theme changes at once (shared-ui's `useChangeTheme`: page, cookie, server), the rest after
 * the server agrees.
 */
import { type ChangeEvent, useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { type FileRef, toast, useOwnAccount, useSession, useUpdateUser } from 'shared-api';
import { useUploadFile } from 'shared-api/files';
import { Avatar, Button, Card, Spinner, THEME_LABELS, THEMES, useChangeTheme, useTheme } from 'shared-ui';
import { AccountDeletion, AccountExport } from '../components/AccountData.tsx';
import { PushSettings } from '../components/PushSettings.tsx';
import { EmailChange, PasswordChange } from '../components/SettingsForms.tsx';
import '../account.css';

const AVATAR_TYPES = 'image/jpeg,image/png,image/webp,image/tiff,image/svg+xml';
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

export default function Settings() {
  const session = useSession();
  const signedIn = session.status === 'user';
  const account = useOwnAccount(signedIn);
  const update = useUpdateUser();
  const upload = useUploadFile();
  const changeTheme = useChangeTheme();
  const fileInput = useRef<HTMLInputElement>(null);
  const currentTheme = useTheme();

  useEffect(() => {
    document.title = 'Ustawienia — Gwar';
  }, []);

  if (session.status === 'loading') return <Spinner block />;
  if (session.status === 'guest') {
    return (
      <div className="acc-page acc-narrow">
        <h1 className="acc-title">Ustawienia</h1>
        <p>
          Ustawienia konta są dostępne po zalogowaniu. <Link to="/login">Zaloguj się</Link> albo{' '}
          <Link to="/join">załóż konto</Link>.
        </p>
      </div>
    );
  }
  const user = session.user;

  const uploadAvatar = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) {
      toast.error('Plik jest za duży (max 5 MB)');
      return;
    }
    let uploaded: FileRef;
    try {
      uploaded = await upload.mutateAsync(file);
    } catch {
      // The mutation cache has reported it.
      return;
    }
    // The mutation cache reports a failed update itself too.
    update.mutate(
      { patch: { avatar: uploaded.file }, avatar: uploaded },
      { onSuccess: () => toast.success('Awatar zmieniony') },
    );
  };

  return (
    <div className="acc-page">
      <h1 className="acc-title">Ustawienia</h1>

      <Card as="section" className="acc-section" aria-labelledby="acc-look-title">
        <h2 id="acc-look-title" className="acc-subtitle">
          Wygląd i treści
        </h2>
        <fieldset className="acc-choices">
          <legend>Motyw</legend>
          {THEMES.map((theme) => (
            <label key={theme}>
              <input
                type="radio"
                name="theme"
                value={theme}
                checked={currentTheme === theme}
                onChange={() => changeTheme(theme)}
              />
              {THEME_LABELS[theme]}
            </label>
          ))}
        </fieldset>
        <fieldset className="acc-choices">
          <legend>Treści dla dorosłych (NSFW)</legend>
          <label>
            <input
              type="radio"
              name="nsfw"
              value="hidden"
              checked={user.nsfw === 'hidden'}
              onChange={() => update.mutate({ patch: { nsfw: 'hidden' } })}
            />
            Ukryte
          </label>
          <label>
            <input
              type="radio"
              name="nsfw"
              value="visible"
              checked={user.nsfw === 'visible'}
              onChange={() => update.mutate({ patch: { nsfw: 'visible' } })}
            />
            Widoczne
          </label>
        </fieldset>
        <p className="acc-muted">
          Wpisy oznaczone tagiem #nsfw są domyślnie zakryte. Wybierając „Widoczne”, potwierdzasz, że masz
          ukończone 18 lat.
        </p>
      </Card>

      <Card as="section" className="acc-section" aria-labelledby="acc-avatar-title">
        <h2 id="acc-avatar-title" className="acc-subtitle">
          Awatar
        </h2>
        <div className="acc-profile">
          <Avatar user={user.user} avatar={user.avatar} size={72} />
          <div className="acc-actions">
            <input
              ref={fileInput}
              type="file"
              accept={AVATAR_TYPES}
              hidden
              onChange={(event) => void uploadAvatar(event)}
              aria-label="Wybierz obrazek awatara"
            />
            <Button variant="secondary" busy={update.isPending} onClick={() => fileInput.current?.click()}>
              Wgraj nowy awatar
            </Button>
            {user.avatar && (
              <Button
                variant="ghost"
                onClick={() => update.mutate({ patch: { avatar: null }, avatar: null })}
              >
                Usuń awatar
              </Button>
            )}
          </div>
        </div>
        <p className="acc-muted">
          JPEG, PNG, WebP, TIFF lub SVG, do 5 MB. Wgrywanie obrazków wymaga ratingu co najmniej 25.
        </p>
      </Card>

      <Card className="acc-section">
        <PushSettings />
      </Card>
      <Card as="section" className="acc-section">
        <PasswordChange />
      </Card>
      <Card as="section" className="acc-section">
        <EmailChange current={account.data?.email} />
      </Card>
      <Card as="section" className="acc-section">
        <AccountExport />
      </Card>
      <Card as="section" className="acc-section">
        <AccountDeletion />
      </Card>
      <p className="acc-links">
        <Link to="/profile">Zobacz swój profil</Link>
        <Link to="/drdpr">Twoje dane osobowe (RODO)</Link>
      </p>
    </div>
  );
}
