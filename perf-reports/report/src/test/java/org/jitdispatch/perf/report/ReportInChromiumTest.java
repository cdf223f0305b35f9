package org.jitdispatch.perf.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.logging.LogEntry;
import org.openqa.selenium.logging.LogType;
import org.openqa.selenium.logging.LoggingPreferences;

/**
 * The report in a real headless Chromium (Debian's chromium and chromium-driver): it loads without console
 * errors, its charts and flame graphs are laid out with a size, the frame search works, and a screenshot is
 * not blank. By default the page is rendered from the committed fixture data (with the size-scaling charts
 * and the training steps against PyTorch eager); with
 * {@code JITDISPATCH_REPORT} set (a report directory or its report.html) that report is checked instead,
 * and with {@code JITDISPATCH_SCREENSHOT} set the screenshot is saved there.
 */
class ReportInChromiumTest {
    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @Test
    void reportRendersInHeadlessChromium(@TempDir Path tmp) throws IOException {
        assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "Chromium is not installed (apt-get install -y chromium chromium-driver; .ci/run installs it)");
        Path page = pageToCheck(tmp);
        ChromeDriver driver = start(tmp.resolve("chromium-profile"));
        try {
            driver.get(page.toUri().toString());

            List<String> errors = driver.manage().logs().get(LogType.BROWSER).getAll().stream()
                    .filter(e -> e.getLevel().intValue() >= Level.SEVERE.intValue())
                    .map(LogEntry::getMessage).collect(Collectors.toList());
            assertEquals(List.of(), errors, "console errors");

            assertLaidOut(driver, driver.findElements(By.cssSelector("svg.chart")), "chart");
            List<WebElement> flames = driver.findElements(By.cssSelector("svg.flamegraph"));
            assertLaidOut(driver, flames, "flame graph");
            for (WebElement f : flames) {
                assertTrue(f.findElements(By.cssSelector("g.frame rect")).size() > 1, "a flame graph with frames");
            }
            assertTrue(driver.findElements(By.cssSelector("table.results tbody tr")).size() > 0, "the results table");
            List<WebElement> floorOps = driver.findElements(By.cssSelector("table.floor tbody tr.op"));
            if (System.getenv("JITDISPATCH_REPORT") == null || System.getenv("JITDISPATCH_REPORT").isBlank()) {
                assertTrue(floorOps.size() > 0, "the floor section's tables");
                assertEquals(SizeScalingSection.OPS.size(), driver.findElements(By.cssSelector("#scaling svg.chart")).size(),
                        "a size-scaling chart per op");
                assertEquals(9, driver.findElements(By.cssSelector("table.train-steps tbody tr")).size(),
                        "the training steps beside PyTorch eager");
            }
            for (WebElement row : floorOps) {
                assertTrue(row.isDisplayed() && row.getSize().getHeight() > 10, "a laid-out row of the floor section");
            }
            List<WebElement> unreliable = driver.findElements(By.cssSelector("td.unreliable"));
            if (!unreliable.isEmpty()) {
                WebElement cell = unreliable.get(0);
                assertEquals("rgba(153, 153, 153, 1)", cell.getCssValue("color"), "an unreliable number is greyed");
                assertTrue(cell.getAttribute("title").startsWith("unreliable: "), "and explains itself on hover");
                assertEquals("unreliable", cell.findElement(By.cssSelector("span.mark")).getText());
            }

            driver.findElement(By.id("frame-search")).sendKeys("_[i]");
            String found = driver.findElement(By.id("frame-search-count")).getText();
            assertTrue(found.matches("[1-9]\\d* frames"), "the search highlights inlined frames: '" + found + "'");
            driver.findElement(By.id("frame-search")).clear();

            driver.executeScript("window.scrollTo(0, 0)");
            byte[] png = driver.getScreenshotAs(OutputType.BYTES);
            String target = System.getenv("JITDISPATCH_SCREENSHOT");
            if (target != null && !target.isBlank()) {
                Files.write(Path.of(target), png);
            }
            BufferedImage image = ImageIO.read(new ByteArrayInputStream(png));
            double sd = luminanceStandardDeviation(image);
            assertTrue(sd > 20, "the screenshot is not blank (luminance standard deviation " + sd + ")");
        } finally {
            driver.quit();
        }
    }

    private static Path pageToCheck(Path tmp) throws IOException {
        String given = System.getenv("JITDISPATCH_REPORT");
        if (given == null || given.isBlank()) {
            return ReportFixtures.renderWithBaseline(tmp.resolve("report"));
        }
        Path p = Path.of(given).toAbsolutePath();
        Path page = Files.isDirectory(p) ? p.resolve(ReportPage.FILE) : p;
        assertTrue(Files.isRegularFile(page), "JITDISPATCH_REPORT names no report: " + page);
        return page;
    }

    /** Chromium as this machine allows it: headless, no sandbox (root), and nothing that reaches the network. */
    private static ChromeDriver start(Path profile) {
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        options.addArguments("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                "--disable-background-networking", "--disable-component-update", "--disable-sync",
                "--user-data-dir=" + profile, "--window-size=1400,1600");
        LoggingPreferences logs = new LoggingPreferences();
        logs.enable(LogType.BROWSER, Level.ALL);
        options.setCapability(ChromeOptions.LOGGING_PREFS, logs);
        ChromeDriverService service = new ChromeDriverService.Builder()
                .usingDriverExecutable(CHROMEDRIVER.toFile()).usingAnyFreePort().build();
        return new ChromeDriver(service, options);
    }

    private static void assertLaidOut(ChromeDriver driver, List<WebElement> elements, String what) {
        assertTrue(!elements.isEmpty(), "no " + what + " on the page");
        for (WebElement e : elements) {
            Map<?, ?> box = (Map<?, ?>) driver.executeScript(
                    "var r = arguments[0].getBoundingClientRect(); return {w: r.width, h: r.height};", e);
            double w = ((Number) box.get("w")).doubleValue();
            double h = ((Number) box.get("h")).doubleValue();
            assertTrue(w > 100 && h > 30, what + " rendered at " + w + " x " + h);
        }
    }

    private static double luminanceStandardDeviation(BufferedImage image) {
        double sum = 0;
        double sumSq = 0;
        long n = 0;
        for (int y = 0; y < image.getHeight(); y += 2) {
            for (int x = 0; x < image.getWidth(); x += 2) {
                int rgb = image.getRGB(x, y);
                double l = 0.299 * ((rgb >> 16) & 0xff) + 0.587 * ((rgb >> 8) & 0xff) + 0.114 * (rgb & 0xff);
                sum += l;
                sumSq += l * l;
                n++;
            }
        }
        double mean = sum / n;
        return Math.sqrt(Math.max(0, sumSq / n - mean * mean));
    }
}
