//! A throwaway PostgreSQL cluster for the tests: Debian's package, started here (initdb,
//! pg_ctl) on a free port.

use std::path::PathBuf;
use std::process::Command;

/// A throwaway PostgreSQL cluster, stopped and removed when dropped.
pub struct Cluster {
    dir: PathBuf,
    bin: PathBuf,
    root: bool,
}

impl Cluster {
    /// The programs' folder: the newest `/usr/lib/postgresql/N/bin` with `initdb`.
    fn find() -> Option<PathBuf> {
        let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
            .ok()?
            .flatten()
            .filter_map(|e| Some((e.file_name().to_str()?.parse().ok()?, e.path().join("bin"))))
            .filter(|(_, bin): &(u32, PathBuf)| bin.join("initdb").exists())
            .collect();
        versions.sort();
        versions.pop().map(|(_, bin)| bin)
    }

    fn run(&self, program: &str, args: &[&str]) -> Result<(), String> {
        let path = self.bin.join(program);
        // PostgreSQL refuses to run as root: as root, run it as the `postgres` user.
        let mut cmd = if self.root {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(&path);
            c
        } else {
            Command::new(&path)
        };
        let out = cmd.args(args).output().map_err(|e| format!("{program}: {e}"))?;
        if out.status.success() {
            Ok(())
        } else {
            Err(format!("{program} failed: {}", String::from_utf8_lossy(&out.stderr)))
        }
    }

    /// Starts a cluster; its URL.
    pub fn start() -> Result<(Cluster, String), String> {
        let bin = Cluster::find().ok_or("PostgreSQL is not installed (apt-get install postgresql)")?;
        let root = Command::new("id").arg("-u").output().is_ok_and(|o| o.stdout.starts_with(b"0\n"));
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let dir = std::env::temp_dir().join(format!("tabula-pg-{}-{port}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
        if root {
            let ok = Command::new("chown").arg("postgres").arg(&dir).status().is_ok_and(|s| s.success());
            if !ok {
                return Err("cannot give the cluster's folder to the postgres user".into());
            }
        }
        let cluster = Cluster { dir, bin, root };
        let data = cluster.dir.join("data");
        let data = data.to_str().unwrap();
        cluster.run("initdb", &["-D", data, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"])?;
        let opts =
            format!("-p {port} -k {} -c listen_addresses=127.0.0.1 -c fsync=off", cluster.dir.display());
        let log = cluster.dir.join("log");
        cluster.run("pg_ctl", &["-D", data, "-l", log.to_str().unwrap(), "-w", "-o", &opts, "start"])?;
        Ok((cluster, format!("postgres://postgres@127.0.0.1:{port}/postgres")))
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let data = self.dir.join("data");
        let _ = self.run("pg_ctl", &["-D", data.to_str().unwrap(), "-m", "immediate", "stop"]);
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
