// steerlab for C#: a thin layer over the C interface (include/steerlab.h) as Unity loads native
// plugins (P/Invoke). Each handle is a SafeHandle, freed once when disposed or collected; each
// failure is a SteerlabException with the status and the located message. Arrays cross as
// float[] [x0, y0, x1, y1, ...] in id order, in steerlab's coordinates (world units, y down).
// Written by hand from the header: csbindgen does not yet read Rust 2024's #[unsafe(no_mangle)].
// The runtime of the Unity package (docs/unity.md); scripts/csharp_test.sh tests it under Mono.
using System;
using System.Runtime.InteropServices;
using System.Text;

namespace Steerlab
{
    /// <summary>What a call did (steerlab.h's SteerlabStatus).</summary>
    public enum Status
    {
        Ok = 0,
        InvalidScene = 1,
        Null = 2,
        BadHandle = 3,
        Busy = 4,
        BufferTooShort = 5,
        BadNumber = 6,
        BadId = 7,
        BadArgument = 8,
        Internal = 9,
    }

    /// <summary>A call steerlab refused: its status, and what and why.</summary>
    public sealed class SteerlabException : Exception
    {
        public Status Status { get; }

        public SteerlabException(Status status, string message) : base(message)
        {
            Status = status;
        }
    }

    /// <summary>The C functions, as the library exports them.</summary>
    internal static class Native
    {
        // libsteerlab_c.so on Linux, libsteerlab_c.dylib on macOS, steerlab_c.dll on Windows:
        // Mono and Unity find each from this one name.
        private const string Lib = "steerlab_c";

        [DllImport(Lib)] internal static extern IntPtr steerlab_last_error();
        [DllImport(Lib)] internal static extern UIntPtr steerlab_behavior_count();

        [DllImport(Lib)] internal static extern Status steerlab_world_new(byte[] text, byte[] file, out WorldHandle world);
        [DllImport(Lib)] internal static extern Status steerlab_world_free(IntPtr world);
        [DllImport(Lib)] internal static extern Status steerlab_world_step(WorldHandle w, ulong ticks);
        [DllImport(Lib)] internal static extern Status steerlab_world_tick(WorldHandle w, out ulong tick);
        [DllImport(Lib)] internal static extern Status steerlab_world_len(WorldHandle w, out UIntPtr n);
        [DllImport(Lib)] internal static extern Status steerlab_world_dt(WorldHandle w, out float dt);
        [DllImport(Lib)] internal static extern Status steerlab_world_positions(WorldHandle w, float[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_world_velocities(WorldHandle w, float[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_world_forces(WorldHandle w, float[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_world_ids(WorldHandle w, uint[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_world_groups(WorldHandle w, ushort[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_world_group_count(WorldHandle w, out UIntPtr n);
        [DllImport(Lib)] internal static extern Status steerlab_world_group_name(WorldHandle w, UIntPtr k, byte[] o, UIntPtr len, out UIntPtr needed);
        [DllImport(Lib)] internal static extern Status steerlab_world_set_click(WorldHandle w, float x, float y);
        [DllImport(Lib)] internal static extern Status steerlab_world_set_pointer(WorldHandle w, float x, float y);

        [DllImport(Lib)] internal static extern Status steerlab_crowd_new(byte[] text, byte[] file, out CrowdHandle crowd);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_free(IntPtr crowd);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_populate(CrowdHandle c, out UIntPtr count);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_due(CrowdHandle c, out UIntPtr count);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_newcomers(CrowdHandle c, uint[] ids, ushort[] groups, float[] positions, float[] velocities, UIntPtr capacity);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_add(CrowdHandle c, ushort group, float x, float y, float vx, float vy, out uint id);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_insert(CrowdHandle c, uint id, ushort group, float x, float y, float vx, float vy);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_remove(CrowdHandle c, uint id);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_len(CrowdHandle c, out UIntPtr n);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_dt(CrowdHandle c, out float dt);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_ids(CrowdHandle c, uint[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_groups(CrowdHandle c, ushort[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_set_motion(CrowdHandle c, uint id, float x, float y, float vx, float vy);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_set_motions(CrowdHandle c, float[] positions, float[] velocities, UIntPtr count);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_steer(CrowdHandle c);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_forces(CrowdHandle c, float[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_behavior_forces(CrowdHandle c, uint id, float[] o, UIntPtr len);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_advance(CrowdHandle c, float[] positions, float[] velocities, UIntPtr count);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_group_count(CrowdHandle c, out UIntPtr n);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_group_name(CrowdHandle c, UIntPtr k, byte[] o, UIntPtr len, out UIntPtr needed);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_set_click(CrowdHandle c, float x, float y);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_set_pointer(CrowdHandle c, float x, float y);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_clear_pointer(CrowdHandle c);
        [DllImport(Lib)] internal static extern Status steerlab_crowd_set(CrowdHandle c, byte[] path, double value);

        /// <summary>Throws unless `s` is Ok, with the calling thread's last error.</summary>
        internal static void Check(Status s)
        {
            if (s != Status.Ok)
            {
                throw new SteerlabException(s, Marshal.PtrToStringAnsi(steerlab_last_error()) ?? "");
            }
        }

        /// <summary>`s` as NUL-terminated UTF-8.</summary>
        internal static byte[] Utf8(string s)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(s);
            Array.Resize(ref bytes, bytes.Length + 1);
            return bytes;
        }

        /// <summary>A name, asked for twice: its size, then its bytes.</summary>
        internal static string Text(Func<byte[], UIntPtr, Tuple<Status, ulong>> call)
        {
            var first = call(null, UIntPtr.Zero);
            if (first.Item1 != Status.BufferTooShort) Check(first.Item1);
            var buf = new byte[first.Item2];
            Check(call(buf, (UIntPtr)buf.Length).Item1);
            return Encoding.UTF8.GetString(buf, 0, buf.Length - 1);
        }
    }

    /// <summary>A world's handle: freed once, when disposed or collected.</summary>
    public sealed class WorldHandle : SafeHandle
    {
        public WorldHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid => handle == IntPtr.Zero;
        protected override bool ReleaseHandle() => Native.steerlab_world_free(handle) == Status.Ok;
    }

    /// <summary>A crowd's handle: freed once, when disposed or collected.</summary>
    public sealed class CrowdHandle : SafeHandle
    {
        public CrowdHandle() : base(IntPtr.Zero, true) { }
        public override bool IsInvalid => handle == IntPtr.Zero;
        protected override bool ReleaseHandle() => Native.steerlab_crowd_free(handle) == Status.Ok;
    }

    /// <summary>A scene's whole world, stepped by steerlab (the bits of `steerlab simulate`).</summary>
    public sealed class World : IDisposable
    {
        private readonly WorldHandle h;

        /// <summary>The world of a scene's RON text (`file` names it in messages).</summary>
        public World(string ronText, string file)
        {
            Native.Check(Native.steerlab_world_new(Native.Utf8(ronText), Native.Utf8(file), out h));
        }

        public void Step(ulong ticks = 1) => Native.Check(Native.steerlab_world_step(h, ticks));

        public ulong Tick { get { Native.Check(Native.steerlab_world_tick(h, out ulong t)); return t; } }

        public int Count { get { Native.Check(Native.steerlab_world_len(h, out UIntPtr n)); return (int)n; } }

        /// <summary>The tick's length in seconds: the fixed step to run at.</summary>
        public float Dt { get { Native.Check(Native.steerlab_world_dt(h, out float dt)); return dt; } }

        public float[] Positions() { var o = new float[2 * Count]; Native.Check(Native.steerlab_world_positions(h, o, (UIntPtr)o.Length)); return o; }
        public float[] Velocities() { var o = new float[2 * Count]; Native.Check(Native.steerlab_world_velocities(h, o, (UIntPtr)o.Length)); return o; }
        public float[] Forces() { var o = new float[2 * Count]; Native.Check(Native.steerlab_world_forces(h, o, (UIntPtr)o.Length)); return o; }
        public uint[] Ids() { var o = new uint[Count]; Native.Check(Native.steerlab_world_ids(h, o, (UIntPtr)o.Length)); return o; }
        public ushort[] Groups() { var o = new ushort[Count]; Native.Check(Native.steerlab_world_groups(h, o, (UIntPtr)o.Length)); return o; }

        public string[] GroupNames()
        {
            Native.Check(Native.steerlab_world_group_count(h, out UIntPtr n));
            var names = new string[(int)n];
            for (int k = 0; k < names.Length; k++)
            {
                names[k] = Native.Text((buf, len) =>
                {
                    var s = Native.steerlab_world_group_name(h, (UIntPtr)k, buf, len, out UIntPtr need);
                    return Tuple.Create(s, (ulong)need);
                });
            }
            return names;
        }

        public void SetClick(float x, float y) => Native.Check(Native.steerlab_world_set_click(h, x, y));
        public void SetPointer(float x, float y) => Native.Check(Native.steerlab_world_set_pointer(h, x, y));

        public void Dispose() => h.Dispose();
    }

    /// <summary>
    /// The game's own entities, steered by a scene's groups. Each tick: hand over their motion
    /// (SetMotions), Steer, read the Forces, move the entities (or Advance, the world's motion).
    /// </summary>
    public sealed class Crowd : IDisposable
    {
        private readonly CrowdHandle h;

        public Crowd(string ronText, string file)
        {
            Native.Check(Native.steerlab_crowd_new(Native.Utf8(ronText), Native.Utf8(file), out h));
        }

        /// <summary>An entity the scene brings in: its id, group, position and velocity.</summary>
        public struct Newcomer
        {
            public uint Id;
            public ushort Group;
            public float X, Y, Vx, Vy;
        }

        private Newcomer[] Newcomers(ulong count)
        {
            int n = (int)count;
            var ids = new uint[n];
            var groups = new ushort[n];
            var p = new float[2 * n];
            var v = new float[2 * n];
            Native.Check(Native.steerlab_crowd_newcomers(h, ids, groups, p, v, (UIntPtr)n));
            var o = new Newcomer[n];
            for (int k = 0; k < n; k++)
            {
                o[k] = new Newcomer { Id = ids[k], Group = groups[k], X = p[2 * k], Y = p[2 * k + 1], Vx = v[2 * k], Vy = v[2 * k + 1] };
            }
            return o;
        }

        /// <summary>The scene's population at time 0, ids 0, 1, 2, ... (once).</summary>
        public Newcomer[] Populate() { Native.Check(Native.steerlab_crowd_populate(h, out UIntPtr n)); return Newcomers((ulong)n); }

        /// <summary>The scene's spawns due this tick (once a tick, before Steer).</summary>
        public Newcomer[] Due() { Native.Check(Native.steerlab_crowd_due(h, out UIntPtr n)); return Newcomers((ulong)n); }

        public uint Add(ushort group, float x, float y, float vx, float vy)
        {
            Native.Check(Native.steerlab_crowd_add(h, group, x, y, vx, vy, out uint id));
            return id;
        }

        public void Insert(uint id, ushort group, float x, float y, float vx, float vy) => Native.Check(Native.steerlab_crowd_insert(h, id, group, x, y, vx, vy));
        public void Remove(uint id) => Native.Check(Native.steerlab_crowd_remove(h, id));

        public int Count { get { Native.Check(Native.steerlab_crowd_len(h, out UIntPtr n)); return (int)n; } }

        /// <summary>The tick's length in seconds: the fixed step to run at (Time.fixedDeltaTime).</summary>
        public float Dt { get { Native.Check(Native.steerlab_crowd_dt(h, out float dt)); return dt; } }

        public uint[] Ids() { var o = new uint[Count]; Native.Check(Native.steerlab_crowd_ids(h, o, (UIntPtr)o.Length)); return o; }
        public ushort[] Groups() { var o = new ushort[Count]; Native.Check(Native.steerlab_crowd_groups(h, o, (UIntPtr)o.Length)); return o; }

        public void SetMotion(uint id, float x, float y, float vx, float vy) => Native.Check(Native.steerlab_crowd_set_motion(h, id, x, y, vx, vy));

        /// <summary>Every entity's position and velocity, in id order: `count` entities.</summary>
        public void SetMotions(float[] positions, float[] velocities, int count) => Native.Check(Native.steerlab_crowd_set_motions(h, positions, velocities, (UIntPtr)count));

        public void Steer() => Native.Check(Native.steerlab_crowd_steer(h));

        /// <summary>The last Steer's forces into `into` (2 floats an entity).</summary>
        public void Forces(float[] into) => Native.Check(Native.steerlab_crowd_forces(h, into, (UIntPtr)into.Length));

        /// <summary>Entity `id`'s force from each behavior (2 floats a behavior).</summary>
        public float[] BehaviorForces(uint id)
        {
            var o = new float[2 * (int)Native.steerlab_behavior_count()];
            Native.Check(Native.steerlab_crowd_behavior_forces(h, id, o, (UIntPtr)o.Length));
            return o;
        }

        /// <summary>Moves the arrays (`count` entities) by the last forces as steerlab's world does.</summary>
        public void Advance(float[] positions, float[] velocities, int count) => Native.Check(Native.steerlab_crowd_advance(h, positions, velocities, (UIntPtr)count));

        public string[] GroupNames()
        {
            Native.Check(Native.steerlab_crowd_group_count(h, out UIntPtr n));
            var names = new string[(int)n];
            for (int k = 0; k < names.Length; k++)
            {
                names[k] = Native.Text((buf, len) =>
                {
                    var s = Native.steerlab_crowd_group_name(h, (UIntPtr)k, buf, len, out UIntPtr need);
                    return Tuple.Create(s, (ulong)need);
                });
            }
            return names;
        }

        public void Set(string path, double value) => Native.Check(Native.steerlab_crowd_set(h, Native.Utf8(path), value));
        public void SetClick(float x, float y) => Native.Check(Native.steerlab_crowd_set_click(h, x, y));
        public void SetPointer(float x, float y) => Native.Check(Native.steerlab_crowd_set_pointer(h, x, y));
        public void ClearPointer() => Native.Check(Native.steerlab_crowd_clear_pointer(h));

        public void Dispose() => h.Dispose();
    }
}
