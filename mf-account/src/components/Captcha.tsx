/** The captcha image with a refresh button and the answer field (sign-up and reset). */
import type { Captcha } from 'shared-api';
import { captchaImageUrl } from 'shared-api/account';
import { IconButton, Spinner } from 'shared-ui';
import { TextField } from 'shared-ui/forms';

interface Props {
  captcha: Captcha | undefined;
  loading: boolean;
  onRefresh(): void;
  field: {
    name: string;
    value: string;
    error: string | null;
    onChange: React.ChangeEventHandler<HTMLInputElement>;
  };
}

export function CaptchaField({ captcha, loading, onRefresh, field }: Props) {
  return (
    <div>
      <div className="acc-captcha">
        {captcha && !loading ? (
          <img
            src={captchaImageUrl(captcha)}
            alt="Kod do przepisania (litery i cyfry na obrazku)"
            width={180}
            height={60}
          />
        ) : (
          <Spinner label="Ładowanie kodu…" />
        )}
        <IconButton label="Pokaż inny kod" onClick={onRefresh} disabled={loading}>
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M17.65 6.35A7.96 7.96 0 0 0 12 4a8 8 0 1 0 7.73 10h-2.08A6 6 0 1 1 12 6c1.66 0 3.14.69 4.22 1.78L13 11h7V4l-2.35 2.35z"
            />
          </svg>
        </IconButton>
      </div>
      <TextField
        label="Kod z obrazka"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={6}
        {...field}
      />
    </div>
  );
}
