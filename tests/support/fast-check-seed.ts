// One seed for every property test of a run (vitest setupFiles), so CI never fails at random: a
// counterexample found once is found every time, and can be kept as a test. To explore other
// cases: FC_SEED=<any integer> npm run test:unit (the seed of a failure is printed with it).
import fc from 'fast-check'

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261125) })
