import { LANDING_ICONS } from './landing-icon';

/** Nodes of the picture: students, teachers and organisations around the platform. */
const NODES = [
  { x: 62, y: 70, icon: LANDING_ICONS.student },
  { x: 298, y: 92, icon: LANDING_ICONS.teacher },
  { x: 150, y: 268, icon: LANDING_ICONS.organization },
] as const;

/** Decorative hero picture (wide screens): the three audiences, connected by the university. */
export function ConnectionIllustration() {
  const center = { x: 180, y: 160 };
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 360 330"
      className="hidden w-full max-w-sm justify-self-end lg:block"
      fill="none"
    >
      {NODES.map((node) => (
        <line
          key={`line-${node.x}`}
          x1={center.x}
          y1={center.y}
          x2={node.x}
          y2={node.y}
          className="stroke-on-main/40"
          strokeWidth={2}
          strokeDasharray="6 8"
          strokeLinecap="round"
        />
      ))}
      <circle cx={center.x} cy={center.y} r={74} className="fill-on-main/5" />
      <circle
        cx={center.x}
        cy={center.y}
        r={52}
        className="fill-on-main/10 stroke-on-main/40"
        strokeWidth={2}
      />
      <svg x={center.x - 22} y={center.y - 22} width={44} height={44} viewBox="0 0 24 24">
        <path
          d="M3 21h18M4 10h16M12 3 4 8v2h16V8l-8-5ZM6 10v8M10 10v8M14 10v8M18 10v8M4 18h16"
          className="stroke-on-main"
          strokeWidth={1.6}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      {NODES.map((node) => (
        <g key={`node-${node.x}`}>
          <circle cx={node.x} cy={node.y} r={38} className="fill-on-main" />
          <svg x={node.x - 16} y={node.y - 16} width={32} height={32} viewBox="0 0 24 24">
            <g
              className="stroke-main"
              strokeWidth={1.8}
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {node.icon}
            </g>
          </svg>
        </g>
      ))}
      <circle cx={300} cy={236} r={9} className="fill-on-main/60" />
      <circle cx={40} cy={196} r={5} className="fill-on-main/50" />
      <circle cx={236} cy={28} r={6} className="fill-on-main/30" />
    </svg>
  );
}
