import type { ServiceIconName } from '../api.ts';

const paths: Record<ServiceIconName, string> = {
  code: 'M8 7 3 12l5 5M16 7l5 5-5 5M14 4l-4 16',
  bot: 'M12 3v3M5 9h14a2 2 0 0 1 2 2v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-6a2 2 0 0 1 2-2ZM9 13v1M15 13v1M9 17h6',
  palette:
    'M12 3a9 9 0 1 0 0 18c1.1 0 1.6-.9 1.2-1.8l-.4-.9c-.5-1 .3-2.3 1.4-2.3H17a4 4 0 0 0 4-4c0-5-4-9-9-9ZM7.5 11h.01M10 7.5h.01M14.5 7.5h.01',
  chart: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  rocket: 'M5 15c-1.5 1.5-2 5-2 5s3.5-.5 5-2M9 13l-2-2c1-4 4-8 11-8 0 7-4 10-8 11l-1-1ZM14 9h.01',
  shield: 'M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6l-8-3ZM9 12l2 2 4-4',
};

export function ServiceIcon({ name }: { name: ServiceIconName }) {
  return (
    <svg className="service-icon" aria-hidden="true" viewBox="0 0 24 24" width="28" height="28">
      <path
        d={paths[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
