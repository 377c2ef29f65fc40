// A worked Unity example: steers a scene's agents as GameObjects. Add it to an empty GameObject,
// give it the scene (a .ron saved by steerlab's editor, imported as a TextAsset: name it
// `boids.ron.txt`, or keep `.ron` with an importer that makes it text) and a prefab to draw each
// agent with. Every fixed step it hands the agents' motion to steerlab, steers, and moves them
// as steerlab's world would (or, with `ownPhysics`, pushes their Rigidbody2D by the force). The
// scene's coordinates are world units with y down; `unitsPerMeter` scales them into Unity's,
// y up. Not compiled or run here (no Unity on the build machine): the binding under it is,
// under Mono (scripts/csharp_test.sh).
using UnityEngine;

namespace Steerlab
{
    public sealed class SteerlabAgents : MonoBehaviour
    {
        [Tooltip("The scene, as steerlab's editor saved it (RON text).")]
        public TextAsset scene;

        [Tooltip("What each agent is drawn with.")]
        public GameObject agentPrefab;

        [Tooltip("steerlab world units per Unity unit.")]
        public float unitsPerMeter = 100f;

        [Tooltip("Push each agent's Rigidbody2D by its force instead of moving it as steerlab's world does.")]
        public bool ownPhysics;

        private Crowd crowd;
        private float[] positions = new float[0];
        private float[] velocities = new float[0];
        private float[] forces = new float[0];
        private Transform[] bodies = new Transform[0];
        private int count;

        private void Start()
        {
            crowd = new Crowd(scene.text, scene.name);
            // steerlab's tick is the scene's dt: run the fixed step at it.
            Time.fixedDeltaTime = crowd.Dt;
            Take(crowd.Populate());
        }

        private void FixedUpdate()
        {
            Take(crowd.Due());
            if (ownPhysics)
            {
                for (int k = 0; k < count; k++)
                {
                    var body = bodies[k].GetComponent<Rigidbody2D>();
                    var p = FromUnity(body.position);
                    var v = FromUnity(body.velocity);
                    positions[2 * k] = p.x; positions[2 * k + 1] = p.y;
                    velocities[2 * k] = v.x; velocities[2 * k + 1] = v.y;
                }
            }
            crowd.SetMotions(positions, velocities, count);
            crowd.Steer();
            if (forces.Length != 2 * count) forces = new float[2 * count];
            crowd.Forces(forces);
            if (ownPhysics)
            {
                for (int k = 0; k < count; k++)
                {
                    var f = new Vector2(forces[2 * k], -forces[2 * k + 1]) / unitsPerMeter;
                    bodies[k].GetComponent<Rigidbody2D>().AddForce(f);
                }
                return;
            }
            crowd.Advance(positions, velocities, count);
            for (int k = 0; k < count; k++)
            {
                bodies[k].position = ToUnity(positions[2 * k], positions[2 * k + 1]);
                var heading = new Vector2(velocities[2 * k], -velocities[2 * k + 1]);
                if (heading.sqrMagnitude > 1e-6f)
                {
                    bodies[k].rotation = Quaternion.FromToRotation(Vector3.right, heading);
                }
            }
        }

        private void OnDestroy()
        {
            crowd?.Dispose();
        }

        /// <summary>The agents the scene brings in, each a new GameObject.</summary>
        private void Take(Crowd.Newcomer[] newcomers)
        {
            if (newcomers.Length == 0) return;
            System.Array.Resize(ref positions, 2 * (count + newcomers.Length));
            System.Array.Resize(ref velocities, 2 * (count + newcomers.Length));
            System.Array.Resize(ref bodies, count + newcomers.Length);
            foreach (var e in newcomers)
            {
                positions[2 * count] = e.X; positions[2 * count + 1] = e.Y;
                velocities[2 * count] = e.Vx; velocities[2 * count + 1] = e.Vy;
                var go = Instantiate(agentPrefab, ToUnity(e.X, e.Y), Quaternion.identity, transform);
                go.name = $"agent {e.Id}";
                bodies[count] = go.transform;
                count++;
            }
        }

        private Vector3 ToUnity(float x, float y) => new Vector3(x, -y, 0f) / unitsPerMeter;

        private Vector2 FromUnity(Vector2 p) => new Vector2(p.x, -p.y) * unitsPerMeter;
    }
}
