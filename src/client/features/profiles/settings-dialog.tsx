import { lazy, Suspense, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Settings } from 'lucide-react';
import { toast } from '../../components/ui/toast.ts';
import { profileSettingsSchema, type ProfileSettings, type SocialLinks } from '../../../shared/profile-schemas.ts';
import { ApiError, KEPT_AFTER_REFUSAL, isTooManyRequests } from '../../lib/api.ts';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogHeading, DialogTrigger } from '../../components/ui/dialog.tsx';
import { FormDialogFooter } from '../../components/ui/form-dialog.tsx';
import { FormAlert } from '../../components/ui/form-alert.tsx';
import { FormField } from '../../components/ui/form-field.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useSaveSettings } from './api/profiles.ts';
import { OddsFormatSetting } from './odds-format-setting.tsx';

// Two-factor sign-in brings the auth client and the QR encoder: loaded when Security is opened.
const TwoFactorSettings = lazy(() => import('../auth/two-factor-settings.tsx'));

const SOCIAL_FIELDS: { key: keyof SocialLinks; label: string; placeholder: string; inputMode?: 'url' }[] = [
  { key: 'twitter', label: 'Twitter', placeholder: 'handle or https://x.com/handle' },
  { key: 'instagram', label: 'Instagram', placeholder: 'handle or https://instagram.com/handle' },
  { key: 'youtube', label: 'YouTube', placeholder: 'handle or https://youtube.com/@handle' },
  { key: 'website', label: 'Website', placeholder: 'https://example.com', inputMode: 'url' },
];

/**
 * 'Settings': on the Profile tab, Profile Visibility, social links and the unit size, saved with PUT
 * /api/profile/settings; on the Display tab, the odds format (kept in this browser); on the Security tab, two-factor sign-in (saved as it is set up).
 */
export function SettingsDialog({ userId, settings }: { userId: string; settings: ProfileSettings }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Settings aria-hidden="true" />
          Settings
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeading
          title="Settings"
          description="Choose who can see your record, where followers can find you, how odds are written, and how you sign in."
        />
        {/* Mounted only while open, so it starts from the saved values every time. */}
        {open && (
          <Tabs defaultValue="profile">
            <TabsList className="grid w-full grid-cols-3">
              <TabsTrigger value="profile">Profile</TabsTrigger>
              <TabsTrigger value="display">Display</TabsTrigger>
              <TabsTrigger value="security">Security</TabsTrigger>
            </TabsList>
            <TabsContent value="profile">
              <SettingsForm userId={userId} settings={settings} onSaved={() => setOpen(false)} />
            </TabsContent>
            <TabsContent value="display">
              <OddsFormatSetting />
            </TabsContent>
            <TabsContent value="security">
              <Suspense
                fallback={
                  <div role="status" className="flex items-center justify-center gap-2 py-8 text-sm">
                    <Spinner className="size-5" />
                    Loading security settings...
                  </div>
                }
              >
                <TwoFactorSettings />
              </Suspense>
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}

function SettingsForm({
  userId,
  settings,
  onSaved,
}: {
  userId: string;
  settings: ProfileSettings;
  onSaved: () => void;
}) {
  const save = useSaveSettings(userId);
  const {
    control,
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileSettings>({
    resolver: zodResolver(profileSettingsSchema),
    defaultValues: settings,
  });

  const onSubmit = async (values: ProfileSettings) => {
    try {
      await save.mutateAsync(values);
    } catch (err) {
      if (isTooManyRequests(err)) {
        setError('root.refused', { message: `${err.message} ${KEPT_AFTER_REFUSAL}` });
        return;
      }
      const fields = err instanceof ApiError ? err.fields : undefined;
      let placed = false;
      for (const [key, message] of Object.entries(fields ?? {})) {
        const name = key.replace(/^social\./, '') as keyof SocialLinks;
        if (key === 'unitSize') {
          setError('unitSize', { message });
          placed = true;
        } else if (SOCIAL_FIELDS.some((f) => f.key === name)) {
          setError(`social.${name}`, { message });
          placed = true;
        }
      }
      if (!placed)
        toast.error('Failed to save settings', { description: err instanceof Error ? err.message : String(err) });
      return;
    }
    toast.success('Settings saved', { description: 'Your profile settings have been updated.' });
    onSaved();
  };

  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)} className="flex flex-col gap-5">
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Privacy</legend>
        <Controller
          control={control}
          name="profilePublic"
          render={({ field }) => (
            <div className="flex items-start justify-between gap-4 rounded-md border border-border p-3">
              <div className="flex flex-col gap-1">
                <Label htmlFor="settings-profile-public">Profile Visibility</Label>
                <p id="settings-profile-public-hint" className="text-xs text-muted-foreground">
                  {field.value
                    ? 'Public: anyone with the link can see your record.'
                    : 'Private: only you can see your record.'}
                </p>
              </div>
              <Switch
                id="settings-profile-public"
                checked={field.value}
                onCheckedChange={field.onChange}
                onBlur={field.onBlur}
                aria-describedby="settings-profile-public-hint"
              />
            </div>
          )}
        />
      </fieldset>

      <fieldset className="flex flex-col gap-4">
        <legend className="mb-2 text-sm font-semibold">Social links</legend>
        {SOCIAL_FIELDS.map(({ key, label, placeholder, inputMode }) => (
          <FormField key={key} label={label} error={errors.social?.[key]?.message}>
            {(controlProps) => (
              <Input
                {...controlProps}
                {...register(`social.${key}`)}
                placeholder={placeholder}
                inputMode={inputMode}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
              />
            )}
          </FormField>
        ))}
      </fieldset>

      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2 text-sm font-semibold">Units</legend>
        <FormField
          label="Unit size ($)"
          error={errors.unitSize?.message}
          description="Optional. Stakes and profit are then shown in units as well as dollars, on your profile, dashboard and CSV export. Leave empty for dollars only."
        >
          {(controlProps) => (
            <Input
              {...controlProps}
              {...register('unitSize')}
              inputMode="decimal"
              placeholder="e.g. 10"
              autoComplete="off"
            />
          )}
        </FormField>
      </fieldset>

      {errors.root?.refused?.message && <FormAlert>{errors.root.refused.message}</FormAlert>}
      <FormDialogFooter pending={isSubmitting} lockCancel>
        {isSubmitting ? 'Saving...' : 'Save'}
      </FormDialogFooter>
    </form>
  );
}
