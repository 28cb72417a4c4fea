import { LANDING_ICONS, type LandingIconName } from './landing-icon';

/** Where the four satellites around the audience's icon go. */
const SATELLITES = [
  { x: 64, y: 78 },
  { x: 296, y: 96 },
  { x: 84, y: 262 },
  { x: 282, y: 252 },
] as const;

/** Decorative hero picture of an audience page (wide screens only), in the brand's text colour. */
export function AudienceIllustration({
  icon,
  around,
}: {
  icon: LandingIconName;
  /** Up to four icons around it: what the platform offers this audience. */
  around: LandingIconName[];
}) {
  const center = { x: 180, y: 170 };
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 360 330"
      className="hidden w-full max-w-sm justify-self-end lg:block"
      fill="none"
    >
      <circle
        cx={center.x}
        cy={center.y}
        r={120}
        className="stroke-on-main/25"
        strokeWidth={2}
        strokeDasharray="4 10"
      />
      <circle cx={center.x} cy={center.y} r={82} className="fill-on-main/10" />
      <circle cx={center.x} cy={center.y} r={58} className="fill-on-main" />
      <svg x={center.x - 28} y={center.y - 28} width={56} height={56} viewBox="0 0 24 24">
        <g className="stroke-main" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round">
          {LANDING_ICONS[icon]}
        </g>
      </svg>
      {SATELLITES.slice(0, around.length).map((s, i) => (
        <g key={`${s.x}-${s.y}`}>
          <circle
            cx={s.x}
            cy={s.y}
            r={26}
            className="fill-on-main/15 stroke-on-main/50"
            strokeWidth={1.5}
          />
          <svg x={s.x - 13} y={s.y - 13} width={26} height={26} viewBox="0 0 24 24">
            <g
              className="stroke-on-main"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {LANDING_ICONS[around[i] ?? icon]}
            </g>
          </svg>
        </g>
      ))}
      <circle cx={326} cy={176} r={6} className="fill-on-main/50" />
      <circle cx={30} cy={170} r={4} className="fill-on-main/40" />
    </svg>
  );
}
