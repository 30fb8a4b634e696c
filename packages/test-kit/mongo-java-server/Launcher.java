import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.List;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

/**
 * Runs mongo-java-server's in-memory backend for the store-mongodb tests.
 *
 * Usage: java -cp <jars> Launcher.java <port>   (port 0 picks a free port)
 *
 * The server must report MongoDB 6.0 / wire version 17: the Node driver 7 refuses servers below
 * wire version 9, and the backend's default (5.0, wire 8) is below that. The bound address is
 * printed as one line on stdout so the caller learns the port. The server stops when stdin
 * closes, so a crashed test runner never leaves it behind.
 */
public class Launcher {
  private static final MongoVersion MONGO_6_0 = new MongoVersion() {
    @Override
    public List<Integer> getVersionArray() {
      return List.of(6, 0, 0);
    }

    @Override
    public int getWireVersion() {
      return 17;
    }
  };

  public static void main(String[] args) throws Exception {
    int port = args.length > 0 ? Integer.parseInt(args[0]) : 0;
    MongoServer server = new MongoServer(new MemoryBackend().version(MONGO_6_0));
    server.bind(new InetSocketAddress("127.0.0.1", port));
    InetSocketAddress bound = server.getLocalAddress();
    System.out.println("LISTENING " + bound.getHostString() + ":" + bound.getPort());
    System.out.flush();

    InputStream stdin = System.in;
    byte[] buffer = new byte[256];
    while (stdin.read(buffer) >= 0) {
      // Only end-of-stream matters: the parent closed the pipe or exited.
    }
    server.shutdownNow();
    System.exit(0);
  }
}
