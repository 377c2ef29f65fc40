// The C# binding's test, run under Mono as Unity loads native plugins: plays a scene as
// `steerlab simulate FILE --steps N --bits` prints it, as a whole World or as the game's own
// entities in a Crowd (its own float[] arrays, grown as the scene's spawns come in), and feeds
// it bad inputs, each refused with its status and message. Usage:
//   mono play.exe world|crowd FILE STEPS
//   mono play.exe bad FILE
using System;
using System.IO;
using System.Text;
using Steerlab;

static class Play
{
    static string Hex(float x) => BitConverter.ToUInt32(BitConverter.GetBytes(x), 0).ToString("x8");

    static void Rows(StringBuilder o, ulong tick, uint[] ids, ushort[] groups, string[] names, float[] p, float[] v, float[] f)
    {
        for (int k = 0; k < ids.Length; k++)
        {
            o.Append(tick).Append(',').Append(ids[k]).Append(',').Append(names[groups[k]]);
            foreach (var x in new[] { p[2 * k], p[2 * k + 1], v[2 * k], v[2 * k + 1], f[2 * k], f[2 * k + 1] })
            {
                o.Append(',').Append(Hex(x));
            }
            o.Append('\n');
        }
    }

    static string AsWorld(string text, string file, ulong steps)
    {
        var o = new StringBuilder("tick,agent,group,x,y,vx,vy,fx,fy\n");
        using (var w = new World(text, file))
        {
            var names = w.GroupNames();
            for (ulong tick = 1; tick <= steps; tick++)
            {
                w.Step();
                Rows(o, tick, w.Ids(), w.Groups(), names, w.Positions(), w.Velocities(), w.Forces());
            }
        }
        return o.ToString();
    }

    static string AsGameEntities(string text, string file, ulong steps)
    {
        var o = new StringBuilder("tick,agent,group,x,y,vx,vy,fx,fy\n");
        using (var c = new Crowd(text, file))
        {
            var names = c.GroupNames();
            var p = new float[0];
            var v = new float[0];
            int n = 0;
            Action<Crowd.Newcomer[]> take = (newcomers) =>
            {
                if (newcomers.Length == 0) return;
                Array.Resize(ref p, 2 * (n + newcomers.Length));
                Array.Resize(ref v, 2 * (n + newcomers.Length));
                foreach (var e in newcomers)
                {
                    p[2 * n] = e.X; p[2 * n + 1] = e.Y;
                    v[2 * n] = e.Vx; v[2 * n + 1] = e.Vy;
                    n++;
                }
            };
            take(c.Populate());
            for (ulong tick = 1; tick <= steps; tick++)
            {
                take(c.Due());
                c.SetMotions(p, v, n);
                c.Steer();
                c.Advance(p, v, n);
                var f = new float[2 * n];
                c.Forces(f);
                Rows(o, tick, c.Ids(), c.Groups(), names, p, v, f);
            }
        }
        return o.ToString();
    }

    static int checks;

    static void Refused(Status want, string what, Action call)
    {
        try
        {
            call();
        }
        catch (SteerlabException e)
        {
            if (e.Status != want || e.Message.Length == 0)
            {
                throw new Exception($"{what}: {e.Status}, expected {want}: {e.Message}");
            }
            Console.WriteLine($"{what,-50} {e.Message}");
            checks++;
            return;
        }
        throw new Exception($"{what}: not refused");
    }

    static void BadInputs(string text, string file)
    {
        Refused(Status.InvalidScene, "a broken scene", () => new Crowd("(version: 2, groups: [(name: 1)])", "broken.ron"));
        using (var c = new Crowd(text, file))
        {
            Refused(Status.BadNumber, "a position that is not finite", () => c.Add(0, float.NaN, 0, 0, 0));
            Refused(Status.BadArgument, "a group the scene lacks", () => c.Add(999, 1, 2, 0, 0));
            uint id = c.Add(0, 10, 20, 1, 0);
            Refused(Status.BadId, "an id already taken", () => c.Insert(id, 0, 1, 2, 0, 0));
            Refused(Status.BadId, "removing a wrong id", () => c.Remove(4242));
            Refused(Status.BadArgument, "motions for more entities than there are", () => c.SetMotions(new float[4], new float[4], 2));
            c.Steer();
            Refused(Status.BufferTooShort, "a force buffer too short", () => c.Forces(new float[1]));
            Refused(Status.BadArgument, "a field path that names nothing", () => c.Set("groups[0].max_sped", 100));
            Refused(Status.InvalidScene, "a value out of its range", () => c.Set("groups[0].max_speed", -5));
            Refused(Status.BadNumber, "a pointer that is not finite", () => c.SetPointer(float.PositiveInfinity, 0));
            c.Dispose();
            // The SafeHandle layer stops a call on a disposed crowd before it crosses...
            try
            {
                c.Steer();
                throw new Exception("a disposed crowd: not refused");
            }
            catch (ObjectDisposedException)
            {
                Console.WriteLine($"{"a disposed crowd",-50} ObjectDisposedException");
                checks++;
            }
        }
        // ...and under it, the library refuses a handle freed already.
        Native.Check(Native.steerlab_crowd_new(Native.Utf8(text), Native.Utf8(file), out CrowdHandle raw));
        IntPtr freed = raw.DangerousGetHandle();
        raw.Dispose();
        Refused(Status.BadHandle, "a handle freed twice (under the SafeHandle)", () => Native.Check(Native.steerlab_crowd_free(freed)));
        Console.WriteLine($"bad inputs: {checks} checks passed");
    }

    static int Main(string[] args)
    {
        if (args.Length < 2)
        {
            Console.Error.WriteLine("usage: play.exe world|crowd FILE STEPS | play.exe bad FILE");
            return 2;
        }
        var text = File.ReadAllText(args[1]);
        var stdout = Console.OpenStandardOutput();
        string csv;
        switch (args[0])
        {
            case "world": csv = AsWorld(text, args[1], ulong.Parse(args[2])); break;
            case "crowd": csv = AsGameEntities(text, args[1], ulong.Parse(args[2])); break;
            case "bad": BadInputs(text, args[1]); return 0;
            default: Console.Error.WriteLine("usage: play.exe world|crowd FILE STEPS | play.exe bad FILE"); return 2;
        }
        var bytes = Encoding.UTF8.GetBytes(csv);
        stdout.Write(bytes, 0, bytes.Length);
        return 0;
    }
}
